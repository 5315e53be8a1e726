import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  countEmoji,
  countForPlatform,
  hashtagsOf,
  isGsm7,
  lineLimit,
  PLATFORM_IDS,
  REFINEMENTS_MAX,
  type CategoryId,
  type PlatformId,
} from '@gl/core';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startHuggingFaceStub } from '../stubs/huggingface.stub';
import { startOpenAiStub, type ChatStub, type ChatStubRequest } from '../stubs/openai.stub';
import { stubbedProvidersEnv } from '../helpers/providers';

const OPENAI_KEY = 'sk-fit-stub-key';
const HF_TOKEN = 'hf_fit_stub_token';

let server: TestServer;
let openai: ChatStub;
let hf: ChatStub;
let alice: TestUser;
let aliceSocket: TestSocket;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  hf = await startHuggingFaceStub({ token: HF_TOKEN });
  server = await startTestServer({
    env: { ...stubbedProvidersEnv({ openai, openaiKey: OPENAI_KEY, hf, hfToken: HF_TOKEN, timeoutMs: 3000 }), V1_WAIT_TIMEOUT_MS: '15000' },
  });
  alice = await registerUser(server);
  await grantPlan(server.database, alice.id, 'business');
  await markVerified(server.database, alice.id);
  aliceSocket = await connectSocket(server.url, { token: alice.token });
  sockets.push(aliceSocket);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await openai?.close();
  await hf?.close();
});

beforeEach(() => {
  openai.setBehaviour({ kind: 'ok' });
  hf.setBehaviour({ kind: 'ok' });
});

/** What a careless model writes: too long, emoji, curly quotes, hashtags in the middle, shouting, "!". */
const BREAKING = [
  'FRESH. LOCAL. OURS. ✨✨✨',
  '“Nakuru’s favourite bakery” – fresh mandazi every single morning, birthday cakes made to order, warm bread and chai for everyone',
  'Fresh #mandazi from our #family #bakery #Nakuru #daily',
  'Warm Bread 🍞 And A Smile 😊 And A Flag 🇰🇪',
  'It’s The Taste Of Home, Every Single Day!!!',
];

async function generate(
  body: Record<string, unknown>,
  socket = aliceSocket,
  token = alice.token,
): Promise<{ id: string; lines: string[]; source: string; generation: any; lineEvents: any[] }> {
  const events = recordEvents(socket, ['generation:line', 'generation:lines', 'generation:completed']);
  const res = await server.api('/lines/generate', { body, token });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = res.body.data.generation.id as string;
  const completed = await nextEvent(socket, 'generation:completed', (p: any) => p.id === id);
  socket.removeAllListeners();
  const stored = await server.api(`/lines/generations/${id}`, { token });
  const lineEvents = events.filter((e) => e.payload.id === id && e.event !== 'generation:completed');
  return { id, lines: completed.lines, source: completed.source, generation: stored.body.data.generation, lineEvents };
}

interface Fit {
  platform?: PlatformId;
  category: CategoryId;
  maxChars?: number;
  hashtags: 'none' | 'few';
  emoji: 'none' | 'some';
  lowercase?: boolean;
  noExclamation?: boolean;
}

/** Asserts a delivered line keeps every rule, with core's counting (independently of the rules module). */
function expectFits(line: string, fit: Fit): void {
  const limit = lineLimit(fit.platform ?? null, fit.maxChars, fit.category);
  expect(fit.platform ? countForPlatform(line, fit.platform) : line.length, line).toBeLessThanOrEqual(limit);
  if (fit.platform === 'sms') expect(isGsm7(line), line).toBe(true);
  const tags = hashtagsOf(line);
  if (fit.hashtags === 'none') expect(tags, line).toEqual([]);
  else {
    expect(tags.length, line).toBeGreaterThanOrEqual(1);
    expect(tags.length, line).toBeLessThanOrEqual(3);
    expect(
      line
        .slice(tags[0]!.start)
        .replace(/#[^\s#]+/g, '')
        .trim(),
      line,
    ).toMatch(/^[.,;:!?…\s]*$/u);
  }
  if (fit.emoji === 'none') expect(countEmoji(line), line).toBe(0);
  else expect(countEmoji(line), line).toBeLessThanOrEqual(2);
  if (fit.lowercase) expect(line, line).toBe(line.toLowerCase());
  if (fit.noExclamation) expect(line, line).not.toContain('!');
  expect(line, line).not.toMatch(/\p{Lu}{2,}\W+\p{Lu}{2,}/u);
}

const PLATFORM_CASES: Array<{ platform: PlatformId; category: CategoryId; fit: Fit; good: string }> = [
  {
    platform: 'sms',
    category: 'adlines',
    fit: { platform: 'sms', category: 'adlines', hashtags: 'none', emoji: 'none' },
    good: 'Mandazi at 7am, cakes by noon. Karibu!',
  },
  {
    platform: 'google_ads_headline',
    category: 'taglines',
    fit: { platform: 'google_ads_headline', category: 'taglines', hashtags: 'none', emoji: 'none' },
    good: 'Fresh Mandazi, Every Morning',
  },
  {
    platform: 'x_bio',
    category: 'bios',
    fit: { platform: 'x_bio', category: 'bios', hashtags: 'none', emoji: 'some' },
    good: 'Family bakers in Nakuru 🍞 mandazi at dawn, cakes for every birthday.',
  },
  {
    platform: 'instagram_caption',
    category: 'captions',
    fit: { platform: 'instagram_caption', category: 'captions', hashtags: 'few', emoji: 'some' },
    good: 'Warm mandazi, warmer mornings ☕ #Nakuru #FreshBaked',
  },
];

describe('GET /api/platforms', () => {
  it('lists the twelve platforms with their limit, counting and switch defaults, cacheable, without signing in', async () => {
    const res = await server.api('/platforms');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const platforms = res.body.data.platforms as Array<Record<string, unknown>>;
    expect(platforms.map((p) => p.id)).toEqual([...PLATFORM_IDS]);
    expect(platforms.find((p) => p.id === 'sms')).toEqual({
      id: 'sms',
      name: 'SMS (one segment)',
      maxChars: 160,
      counting: 'gsm7',
      hashtags: 'none',
      emoji: 'none',
    });
    expect(platforms.find((p) => p.id === 'x_bio')).toMatchObject({ maxChars: 160, counting: 'x_weighted' });
    expect(platforms.find((p) => p.id === 'instagram_caption')).toMatchObject({ maxChars: 125, counting: 'graphemes', hashtags: 'few' });
  });
});

describe('every delivered line fits, whatever the model returns', () => {
  for (const c of PLATFORM_CASES) {
    it(`OpenAI breaking every rule for ${c.platform}: count fitting lines arrive, the prompt named the platform and restated the rules`, async () => {
      openai.setBehaviour({ kind: 'ok', lines: [...BREAKING, c.good] });
      const before = openai.requests.length;
      const { lines, generation } = await generate({
        category: c.category,
        tone: 'bold',
        topic: 'family bakery in Nakuru',
        count: 4,
        platform: c.platform,
      });
      expect(lines).toHaveLength(4);
      for (const line of lines) expectFits(line, c.fit);
      expect(lines).toContain(c.good.replace('’', "'"));
      expect(generation).toMatchObject({ platform: c.platform, hashtags: c.fit.hashtags, emoji: c.fit.emoji, refinements: [] });
      const asked = openai.requests.slice(before);
      expect(asked).toHaveLength(2);
      const limit = lineLimit(c.platform, null, c.category);
      expect(asked[0]!.body.messages[1].content).toContain(`at most ${limit} characters`);
      expect(asked[1]!.body.messages[1].content).toContain('Your previous answer broke these rules');
    });
  }

  it('through Hugging Face when OpenAI fails: the same rules', async () => {
    openai.setBehaviour({ kind: 'error', status: 500 });
    hf.setBehaviour({ kind: 'ok', lines: [...BREAKING, 'Fresh Mandazi, Every Morning', 'Cakes For Every Birthday'] });
    const c = PLATFORM_CASES[1]!;
    const { lines, source } = await generate({
      category: c.category,
      tone: 'bold',
      topic: 'family bakery',
      count: 3,
      platform: c.platform,
    });
    expect(lines).toHaveLength(3);
    for (const line of lines) expectFits(line, c.fit);
    expect(lines).toEqual(expect.arrayContaining(['Fresh Mandazi, Every Morning', 'Cakes For Every Birthday']));
    expect(['huggingface', 'fallback', 'static_fallback']).toContain(source);
  });

  it('offline (both providers down) on the tightest platforms and an explicit switch', async () => {
    openai.setBehaviour({ kind: 'error', status: 500 });
    hf.setBehaviour({ kind: 'error', status: 503 });
    for (const c of [
      { body: { category: 'quotes', platform: 'sms' }, fit: { platform: 'sms', category: 'quotes', hashtags: 'none', emoji: 'none' } },
      {
        body: { category: 'quotes', platform: 'google_ads_headline' },
        fit: { platform: 'google_ads_headline', category: 'quotes', hashtags: 'none', emoji: 'none' },
      },
      {
        body: { category: 'captions', platform: 'tiktok_bio', hashtags: 'few', emoji: 'none' },
        fit: { platform: 'tiktok_bio', category: 'captions', hashtags: 'few', emoji: 'none' },
      },
    ] as const) {
      const { lines, source } = await generate({ ...c.body, tone: 'inspirational', topic: 'Nakuru bakery', count: 6 });
      expect(lines, c.body.platform).toHaveLength(6);
      for (const line of lines) expectFits(line, c.fit as Fit);
      expect(['fallback', 'static_fallback']).toContain(source);
    }
  });

  it('keeps a brand kit\'s voice: lower case repaired, emoji, shouting and "!" never delivered', async () => {
    const kit = await server.api('/brands', {
      token: alice.token,
      body: { name: 'mkate', exampleLines: ['warm bread for slow mornings', 'baked while nakuru sleeps'], noExclamation: true },
    });
    expect(kit.status, JSON.stringify(kit.body)).toBe(201);
    expect(kit.body.data.brand.noExclamation).toBe(true);
    openai.setBehaviour({ kind: 'ok', lines: [...BREAKING, 'Slow Mornings, Soft Loaves', 'the oven never sleeps'] });
    const { lines, generation } = await generate({ category: 'taglines', tone: 'bold', count: 4, brandId: kit.body.data.brand.id });
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(expect.arrayContaining(['slow mornings, soft loaves', 'the oven never sleeps']));
    for (const line of lines)
      expectFits(line, { category: 'taglines', hashtags: 'none', emoji: 'none', lowercase: true, noExclamation: true });
    // A voice without emoji makes the generation's emoji rule none.
    expect(generation.emoji).toBe('none');
  });

  it('regenerating a line keeps the rules too', async () => {
    openai.setBehaviour({ kind: 'ok', lines: ['Fresh Mandazi Daily', 'Cakes For Birthdays'] });
    const first = await generate({ category: 'taglines', tone: 'bold', count: 2, platform: 'google_ads_headline' });
    openai.setBehaviour({ kind: 'ok', lines: [...BREAKING, 'Bread Baked Before Dawn'] });
    const res = await server.api(`/lines/generations/${first.id}/regenerate`, { body: { index: 0 }, token: alice.token });
    expect(res.status).toBe(202);
    const completed = await nextEvent<any>(aliceSocket, 'generation:completed', (p) => p.id === first.id);
    expect(completed.lines).toEqual(['Bread Baked Before Dawn', 'Cakes For Birthdays']);
  });

  it('compare applies the platform to every tone', async () => {
    openai.setBehaviour({ kind: 'ok', lines: [...BREAKING, 'Fresh Mandazi Daily', 'Baked In Nakuru'] });
    const res = await server.api('/lines/compare', {
      body: { category: 'slogans', tones: ['bold', 'funny'], count: 2, platform: 'google_ads_headline' },
      token: alice.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await Promise.all(
      res.body.data.generations.map((g: { id: string }) => nextEvent<any>(aliceSocket, 'generation:completed', (p) => p.id === g.id)),
    );
    for (const d of done) {
      expect(d.lines).toHaveLength(2);
      for (const line of d.lines)
        expectFits(line, { platform: 'google_ads_headline', category: 'slogans', hashtags: 'none', emoji: 'none' });
    }
  });

  it('the public API (/v1/generate) applies the same fields', async () => {
    const key = (await server.api('/api-keys', { body: { name: 'fit' }, token: alice.token })).body.data.key as string;
    openai.setBehaviour({ kind: 'ok', lines: [...BREAKING, 'Mandazi at 7am. Karibu Nakuru.'] });
    const res = await server.api('/v1/generate', {
      body: { category: 'adlines', count: 3, platform: 'sms', topic: 'bakery' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines).toHaveLength(3);
    for (const line of res.body.lines) expectFits(line, { platform: 'sms', category: 'adlines', hashtags: 'none', emoji: 'none' });
    const saved = await server.api('/v1/save-line', {
      body: { text: res.body.lines[0], category: 'adlines', tone: 'corporate', platform: 'sms' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.savedLine.platform).toBe('sms');
    const bad = await server.api('/v1/generate', {
      body: { category: 'adlines', platform: 'fax' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ path: 'platform' })]);
  });
});

describe('bad input names the field', () => {
  it('unknown platform, hashtags or emoji values are 400 on generate and compare, and nothing is counted', async () => {
    const usageBefore = (await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations;
    for (const [field, value, message] of [
      ['platform', 'myspace', /platform must be one of the platforms/],
      ['hashtags', 'lots', /hashtags must be none or few/],
      ['emoji', 'many', /emoji must be none or some/],
    ] as const) {
      for (const [path, body] of [
        ['/lines/generate', { category: 'taglines', tone: 'bold' }],
        ['/lines/compare', { category: 'taglines', tones: ['bold', 'funny'] }],
      ] as const) {
        const res = await server.api(path, { body: { ...body, [field]: value }, token: alice.token });
        expect(res.status, `${path} ${field}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect(res.body.details).toEqual([expect.objectContaining({ path: field, message: expect.stringMatching(message) })]);
      }
    }
    expect((await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations).toBe(usageBefore);
  });
});

describe('refine: POST /lines/generations/:id/refine', () => {
  it('appends the refined line through the queue, streams it with its new index, counts it, and it can be saved with its platform', async () => {
    openai.setBehaviour({
      kind: 'ok',
      lines: ['Fresh mandazi and birthday cakes from the family bakery in Nakuru', 'Karibu for chai', 'Cakes for every birthday'],
    });
    const first = await generate({ category: 'adlines', tone: 'bold', count: 3, platform: 'sms', topic: 'bakery' });
    const original = first.lines[0]!;
    const usageBefore = (await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations;

    const events = recordEvents(aliceSocket, ['generation:started', 'generation:line', 'generation:completed']);
    const asked: ChatStubRequest[] = [];
    openai.queue(
      { kind: 'ok', lines: (r) => (asked.push(r), ['Fresh mandazi and birthday cakes from the Nakuru family bakery']) },
      { kind: 'ok', lines: (r) => (asked.push(r), ['Nakuru’s family bakery: mandazi & cakes']) },
    );
    const res = await server.api(`/lines/generations/${first.id}/refine`, { body: { index: 0, action: 'shorter' }, token: alice.token });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.generation).toEqual({ id: first.id, status: 'pending' });
    expect(res.body.data.usage.dailyGenerations).toBe(usageBefore + 1);
    const completed = await nextEvent<any>(aliceSocket, 'generation:completed', (p) => p.id === first.id);
    aliceSocket.removeAllListeners();

    const refined = "Nakuru's family bakery: mandazi & cakes";
    expect(completed.lines).toEqual([...first.lines, refined]);
    expect(events.filter((e) => e.event === 'generation:line').map((e) => e.payload)).toEqual([{ id: first.id, index: 3, text: refined }]);
    expect(refined.length).toBeLessThanOrEqual(Math.floor(original.length * 0.8));
    // The first answer was not shorter enough: the model was asked again with the rule restated.
    expect(asked[0]!.body.messages[1].content).toContain('make it shorter');
    expect(asked[1]!.body.messages[1].content).toContain('too long');

    const stored = (await server.api(`/lines/generations/${first.id}`, { token: alice.token })).body.data.generation;
    expect(stored.lines).toEqual(completed.lines);
    expect(stored.refinements).toEqual([{ index: 3, from: 0, action: 'shorter', language: 'en' }]);
    expect((await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations).toBe(usageBefore + 1);

    const saved = await server.api('/lines/save', {
      token: alice.token,
      body: { text: refined, category: 'adlines', tone: 'bold', generationId: first.id },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data.savedLine).toMatchObject({ text: refined, generationId: first.id, platform: 'sms' });

    // A refined line can be refined in turn: translated, and the next one appended after it.
    openai.setBehaviour({ kind: 'ok', lines: ['Mandazi na keki kutoka Nakuru'] });
    const translated = await server.api(`/lines/generations/${first.id}/refine`, {
      body: { index: 3, action: 'translate', language: 'sw' },
      token: alice.token,
    });
    expect(translated.status).toBe(202);
    const again = await nextEvent<any>(aliceSocket, 'generation:completed', (p) => p.id === first.id);
    expect(again.lines).toEqual([...completed.lines, 'Mandazi na keki kutoka Nakuru']);
    expect(openai.requests.at(-1)!.body.messages[1].content).toContain('translate it into Swahili');
    const after = (await server.api(`/lines/generations/${first.id}`, { token: alice.token })).body.data.generation;
    expect(after.refinements.at(-1)).toEqual({ index: 4, from: 3, action: 'translate', language: 'sw' });
  });

  it('works offline too: both providers down, a line that keeps the rules is appended', async () => {
    openai.setBehaviour({ kind: 'ok', lines: ['Fresh Mandazi Every Morning', 'Birthday Cakes Made To Order'] });
    const first = await generate({ category: 'taglines', tone: 'bold', count: 2, platform: 'google_ads_headline', topic: 'bakery' });
    openai.setBehaviour({ kind: 'error', status: 500 });
    hf.setBehaviour({ kind: 'error', status: 503 });
    const res = await server.api(`/lines/generations/${first.id}/refine`, { body: { index: 1, action: 'punchier' }, token: alice.token });
    expect(res.status).toBe(202);
    const completed = await nextEvent<any>(aliceSocket, 'generation:completed', (p) => p.id === first.id);
    expect(completed.lines).toHaveLength(3);
    expect(completed.lines.slice(0, 2)).toEqual(first.lines);
    expectFits(completed.lines[2], { platform: 'google_ads_headline', category: 'taglines', hashtags: 'none', emoji: 'none' });
    expect(['fallback', 'static_fallback']).toContain(completed.source);
  });

  it('refuses bad input with the field named, 404 for someone else, 409 while pending or when full', async () => {
    openai.setBehaviour({ kind: 'ok', lines: ['Fresh Mandazi Every Morning', 'Birthday Cakes Made To Order'] });
    const gen = await generate({ category: 'taglines', tone: 'bold', count: 2, platform: 'sms' });
    const refine = (body: unknown, token = alice.token, id = gen.id) => server.api(`/lines/generations/${id}/refine`, { body, token });

    const expect400 = async (body: unknown, path: string, message: RegExp) => {
      const res = await refine(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details).toEqual([expect.objectContaining({ path, message: expect.stringMatching(message) })]);
    };
    await expect400({ index: 5, action: 'shorter' }, 'index', /index must be between 0 and 1/);
    await expect400({ index: 0, action: 'rewrite' }, 'action', /action must be one of: shorter, longer/);
    await expect400({ index: 0, action: 'translate' }, 'language', /language is required to translate/);
    await expect400({ index: 0, action: 'translate', language: 'xx' }, 'language', /supported language/);
    await expect400({ index: 0, action: 'add_emoji' }, 'action', /add_emoji is not offered/);
    await expect400({ index: 0, action: 'remove_emoji' }, 'action', /remove_emoji is not offered for this line/);

    // A line already at its platform's limit cannot honestly grow.
    openai.setBehaviour({ kind: 'ok', lines: ['Fresh Mandazi From Nakuru Now'] });
    const headline = await generate({ category: 'taglines', tone: 'bold', count: 1, platform: 'google_ads_headline' });
    const longer = await refine({ index: 0, action: 'longer' }, alice.token, headline.id);
    expect(longer.status).toBe(400);
    expect(longer.body.details).toEqual([
      expect.objectContaining({ path: 'action', message: expect.stringMatching(/close to its limit of 30/) }),
    ]);

    const bob = await registerUser(server);
    expect((await refine({ index: 0, action: 'shorter' }, bob.token)).status).toBe(404);
    expect(
      (
        await server.api(`/lines/generations/${gen.id}/refine`, {
          body: { index: 0, action: 'shorter' },
          headers: { 'x-visitor-id': randomUUID() },
        })
      ).status,
    ).toBe(404);
    expect((await refine({ index: 0, action: 'shorter' }, alice.token, randomUUID())).status).toBe(404);

    // While a refinement is running, another is 409.
    openai.setBehaviour({ kind: 'ok', delayMs: 1500, lines: ['Fresh Mandazi Daily'] });
    const running = await refine({ index: 0, action: 'shorter' });
    expect(running.status).toBe(202);
    const busy = await refine({ index: 1, action: 'shorter' });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatch(/still in progress/);
    await nextEvent<any>(aliceSocket, 'generation:completed', (p) => p.id === gen.id);

    // A generation holds at most REFINEMENTS_MAX refined lines.
    const filler = Array.from({ length: REFINEMENTS_MAX - 1 }, (_, i) => ({ index: 3 + i, from: 0, action: 'shorter', language: 'en' }));
    await server.database.query(`update generations set lines = lines || $2::jsonb, refinements = refinements || $3::jsonb where id = $1`, [
      gen.id,
      JSON.stringify(filler.map((_, i) => `Filler line ${i}`)),
      JSON.stringify(filler),
    ]);
    const full = await refine({ index: 0, action: 'shorter' });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(new RegExp(`already has ${REFINEMENTS_MAX} refined lines`));
  });
});
