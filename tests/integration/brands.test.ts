import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageRepository } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { stubbedProvidersEnv } from '../helpers/providers';

const OPENAI_KEY = 'sk-test-stub-key';

let server: TestServer;
let openai: ChatStub;
let free: TestUser;
let pro: TestUser;
let business: TestUser;
const sockets: TestSocket[] = [];

const kit = {
  name: 'Kahawa Roasters',
  description: 'Small-batch coffee from the slopes of Mount Kenya',
  audience: 'night-shift nurses and early risers',
  wordsToUse: ['brew', 'dawn'],
  wordsToAvoid: ['cheap', 'instant'],
  exampleLines: ['Poured before the sun is up.', 'Slow coffee for fast mornings.'],
};

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  server = await startTestServer({
    env: stubbedProvidersEnv({ openai, openaiKey: OPENAI_KEY, timeoutMs: 3000 }),
  });
  free = await registerUser(server);
  pro = await registerUser(server);
  business = await registerUser(server);
  await grantPlan(server.database, pro.id, 'pro');
  await grantPlan(server.database, business.id, 'business');
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await openai?.close();
});

beforeEach(() => openai.setBehaviour({ kind: 'ok' }));

const createBrand = (user: TestUser, body: unknown) => server.api('/brands', { body, token: user.token });

describe('brand kits: /api/brands', () => {
  it('creates, lists, reads, replaces and deletes a kit, trimming words; only its owner reaches it', async () => {
    const created = await createBrand(pro, { ...kit, wordsToUse: ['  brew ', 'dawn'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const brand = created.body.data.brand;
    expect(brand).toMatchObject({ ...kit, id: expect.any(String) });

    const list = await server.api('/brands', { token: pro.token });
    expect(list.body.data.brands.map((b: any) => b.id)).toContain(brand.id);

    const put = await server.api(`/brands/${brand.id}`, { method: 'PUT', body: { ...kit, name: 'Kahawa House' }, token: pro.token });
    expect(put.status).toBe(200);
    expect(put.body.data.brand.name).toBe('Kahawa House');
    expect((await server.api(`/brands/${brand.id}`, { token: pro.token })).body.data.brand.name).toBe('Kahawa House');

    // Someone else: 404 on every route, and their list does not show it.
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', kit],
      ['DELETE', undefined],
    ] as const) {
      const res = await server.api(`/brands/${brand.id}`, { method, body, token: business.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await server.api('/brands', { token: business.token })).body.data.brands).toEqual([]);
    expect((await server.api('/brands')).status).toBe(401);

    expect((await server.api(`/brands/${brand.id}`, { method: 'DELETE', token: pro.token })).status).toBe(200);
    expect((await server.api(`/brands/${brand.id}`, { token: pro.token })).status).toBe(404);
  });

  it('refuses the free plan with PLAN_REQUIRED naming Pro, and caps Pro at 3 kits', async () => {
    const res = await createBrand(free, kit);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'pro' });
    expect(res.body.error).toContain('Pro');

    const user = await registerUser(server);
    await grantPlan(server.database, user.id, 'pro');
    const results = await Promise.all([1, 2, 3, 4].map((i) => createBrand(user, { ...kit, name: `Kahawa ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 403]);
    const refused = results.find((r) => r.status === 403)!;
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'business' });
    expect(refused.body.error).toContain('More than 3 brand kits');
    expect((await server.api('/brands', { token: user.token })).body.data.brands).toHaveLength(3);
  });

  it('answers bad input with a clear 400, never a 500', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...kit, name: 'x'.repeat(61) }, 'Name must be at most 60 characters'],
      [{ ...kit, name: '   ' }, 'Name is required'],
      [{ ...kit, description: 'x'.repeat(301) }, 'Description must be at most 300 characters'],
      [{ ...kit, audience: 'x'.repeat(121) }, 'Audience must be at most 120 characters'],
      [{ ...kit, wordsToUse: Array.from({ length: 11 }, (_, i) => `w${i}`) }, 'Words to use: at most 10 words'],
      [{ ...kit, wordsToUse: ['x'.repeat(31)] }, 'each word must be at most 30 characters'],
      [{ ...kit, wordsToAvoid: ['cheap', ' '] }, 'Words to avoid: empty words are not allowed'],
      [{ ...kit, wordsToAvoid: ['cheap', 'CHEAP '] }, 'Words to avoid: "CHEAP" is listed twice'],
      [{ ...kit, wordsToAvoid: ['roasters'] }, 'the name would be dropped from every line'],
      [{ ...kit, wordsToAvoid: ['Kahawa roasters'] }, 'the name would be dropped from every line'],
      [{ ...kit, wordsToUse: ['brew'], wordsToAvoid: ['Brew'] }, '"brew" cannot be both a word to use and a word to avoid'],
      [{ ...kit, exampleLines: Array.from({ length: 6 }, (_, i) => `Line ${i}`) }, 'Example lines: at most 5 lines'],
      [{ ...kit, exampleLines: ['x'.repeat(151)] }, 'each line must be at most 150 characters'],
      [{ ...kit, teamId: 'not-a-uuid' }, 'Must be a valid id'],
      [{ ...kit, wordsToUse: 'brew' }, 'Words to use must be a list of words'],
    ];
    for (const [body, message] of cases) {
      const res = await createBrand(pro, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toContain(message);
    }
    expect((await server.api('/brands/not-a-uuid', { token: pro.token })).status).toBe(400);
    // A team the caller is not in: 404, as for any team route.
    expect((await createBrand(pro, { ...kit, teamId: randomUUID() })).status).toBe(404);
    // The name is a whole word: "Kahawa Roasters" may avoid "roast".
    expect((await createBrand(business, { ...kit, wordsToAvoid: ['roast'] })).status).toBe(201);
  });
});

/** Generates and waits for completion on the owner's socket. */
async function generate(user: TestUser, socket: TestSocket, body: Record<string, unknown>) {
  const res = await server.api('/lines/generate', { body, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = res.body.data.generation.id as string;
  return nextEvent<any>(socket, 'generation:completed', (p) => p.id === id);
}

describe('generating with a brand kit', () => {
  it('passes the kit to the model only inside the DATA section and delivers exactly count lines, none with an avoided word', async () => {
    const brand = (await createBrand(business, { ...kit, name: 'Kahawa Coffee Co', wordsToAvoid: ['cheap', 'instant'] })).body.data.brand;
    const socket = await connectSocket(server.url, { token: business.token });
    sockets.push(socket);
    // The model breaks the rule (any case, in a hashtag) and writes lines that never name the brand.
    openai.queue(
      {
        kind: 'ok',
        lines: [
          'Cheap coffee, rich taste',
          'Wake up with Kahawa Coffee Co',
          'Better than INSTANT, every time',
          'Mornings made for brewing #CheapEats',
          'Brewed at dawn for the night shift',
        ],
      },
      { kind: 'ok', lines: ['Good mornings start here', 'Instant smiles, cheap thrills'] },
    );
    const before = openai.requests.length;
    const completed = await generate(business, socket, { category: 'taglines', tone: 'bold', count: 4, brandId: brand.id });
    expect(completed.lines).toHaveLength(4);
    expect(completed.lines.slice(0, 3)).toEqual([
      'Wake up with Kahawa Coffee Co',
      'Brewed at dawn for the night shift',
      'Good mornings start here',
    ]);
    for (const line of completed.lines) expect(line).not.toMatch(/cheap|instant/i);

    const request = openai.requests[before]!;
    const system = request.body.messages[0].content as string;
    const user = request.body.messages[1].content as string;
    const start = user.indexOf('<<<DATA\n');
    const end = user.lastIndexOf('\nDATA>>>');
    expect(start).toBeGreaterThan(0);
    const data = JSON.parse(user.slice(start + 8, end));
    expect(data.brand).toEqual({
      name: 'Kahawa Coffee Co',
      description: kit.description,
      audience: kit.audience,
      wordsToUse: kit.wordsToUse,
      wordsToAvoid: ['cheap', 'instant'],
      exampleLines: kit.exampleLines,
    });
    const outside = system + user.slice(0, start);
    for (const text of ['Kahawa', 'Mount Kenya', 'night-shift', 'dawn', 'cheap', 'Poured before']) expect(outside).not.toContain(text);
    expect(user.slice(0, start)).toContain('"exampleLines"');
  });

  it('keeps the kit as it was when asked for: the row holds a snapshot', async () => {
    const brand = (await createBrand(business, { ...kit, name: 'Snapshot Beans' })).body.data.brand;
    const res = await server.api('/lines/generate', {
      body: { category: 'taglines', tone: 'bold', brandId: brand.id },
      token: business.token,
    });
    await server.api(`/brands/${brand.id}`, { method: 'PUT', body: { ...kit, name: 'Renamed Beans' }, token: business.token });
    const [row] = await server.database.query('select brand from generations where id = $1', [res.body.data.generation.id]);
    expect(row.brand).toMatchObject({ id: brand.id, name: 'Snapshot Beans', wordsToAvoid: kit.wordsToAvoid });
  });

  it("answers 404 for another user's kit (on generate and compare), and 404 for a visitor", async () => {
    const brand = (await createBrand(pro, { ...kit, name: 'Private Beans' })).body.data.brand;
    const body = { category: 'taglines', tone: 'bold', brandId: brand.id };
    const other = await server.api('/lines/generate', { body, token: business.token });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', error: 'Brand kit not found' });
    const compare = await server.api('/lines/compare', {
      body: { category: 'taglines', tones: ['bold', 'funny'], brandId: brand.id },
      token: business.token,
    });
    expect(compare.status).toBe(404);
    const visitor = await server.api('/lines/generate', { body, headers: { 'x-visitor-id': randomUUID() } });
    expect(visitor.status).toBe(404);
    // Nothing was recorded for the refused requests.
    const [{ n }] = await server.database.query(`select count(*)::int as n from generations where brand->>'id' = $1`, [brand.id]);
    expect(n).toBe(0);
  });

  it('takes brandId on /api/v1/generate', async () => {
    const brand = (await createBrand(business, { ...kit, name: 'Api Beans', wordsToAvoid: ['cheap'] })).body.data.brand;
    // API keys need a verified e-mail address.
    await server.database.query('update users set email_verified_at = now() where id = $1', [business.id]);
    const key = (await server.api('/api-keys', { body: { name: 'brands' }, token: business.token })).body.data.key as string;
    openai.queue({
      kind: 'ok',
      lines: ['Cheap as chips', 'Api Beans at dawn', 'Api Beans, slow and sure', 'Brew it bold', 'Api Beans for the night shift'],
    });
    const before = openai.requests.length;
    const res = await server.api('/v1/generate', {
      body: { category: 'taglines', count: 4, brandId: brand.id },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines).toEqual(['Api Beans at dawn', 'Api Beans, slow and sure', 'Brew it bold', 'Api Beans for the night shift']);
    expect(openai.requests[before]!.body.messages[1].content).toContain('"name": "Api Beans"');
    const other = (await createBrand(pro, { ...kit, name: 'Not Yours' })).body.data.brand;
    const refused = await server.api('/v1/generate', {
      body: { category: 'taglines', brandId: other.id },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status).toBe(404);
  });
});

describe('tone comparison: POST /api/lines/compare', () => {
  it('starts one generation per tone, streams all three to one socket and counts three', async () => {
    const user = await registerUser(server);
    await grantPlan(server.database, user.id, 'pro');
    const socket = await connectSocket(server.url, { token: user.token });
    sockets.push(socket);
    const events = recordEvents(socket, ['generation:started', 'generation:line', 'generation:completed', 'generation:failed']);
    const res = await server.api('/lines/compare', {
      body: { category: 'slogans', tones: ['bold', 'funny', 'minimalist'], topic: 'Kahawa', count: 3 },
      token: user.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const gens = res.body.data.generations as Array<{ id: string; status: string; tone: string }>;
    expect(gens.map((g) => g.tone)).toEqual(['bold', 'funny', 'minimalist']);
    expect(new Set(gens.map((g) => g.id)).size).toBe(3);
    expect(gens.every((g) => g.status === 'pending')).toBe(true);
    expect(res.body.data.usage).toMatchObject({ planId: 'pro', dailyGenerations: 3, limit: -1 });

    await Promise.all(gens.map((g) => nextEvent<any>(socket, 'generation:completed', (p) => p.id === g.id)));
    for (const g of gens) {
      const mine = events.filter((e) => e.payload.id === g.id);
      expect(mine[0]!.event).toBe('generation:started');
      expect(mine.filter((e) => e.event === 'generation:line')).toHaveLength(3);
      expect(mine.at(-1)!.event).toBe('generation:completed');
      const stored = await server.api(`/lines/generations/${g.id}`, { token: user.token });
      expect(stored.body.data.generation).toMatchObject({ status: 'completed', tone: g.tone, category: 'slogans', topic: 'Kahawa' });
    }
    const usage = await server.api('/users/usage', { token: user.token });
    expect(usage.body.data.dailyGenerations).toBe(3);
  });

  it('is for Pro and Business: free users and visitors get PLAN_REQUIRED naming Pro', async () => {
    const body = { category: 'taglines', tones: ['bold', 'funny'] };
    const res = await server.api('/lines/compare', { body, token: free.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'PLAN_REQUIRED',
      requiredPlan: 'pro',
      error: 'Comparing tones needs the Pro plan. Upgrade to use it.',
    });
    const visitor = await server.api('/lines/compare', { body, headers: { 'x-visitor-id': randomUUID() } });
    expect(visitor.status).toBe(403);
    expect(visitor.body.requiredPlan).toBe('pro');
    expect((await server.api('/users/usage', { token: free.token })).body.data.dailyGenerations).toBe(0);
  });

  it('refuses one tone, repeated tones, unknown tones and more than three with a clear 400', async () => {
    const cases: Array<[unknown, string]> = [
      [['bold'], 'Choose 2 or 3 tones to compare'],
      [['bold', 'funny', 'romantic', 'minimalist'], 'Choose 2 or 3 tones to compare'],
      [['bold', 'bold'], 'Choose different tones: each tone can be compared once'],
      [['bold', 'sarcastic'], 'Choose a valid tone'],
      ['bold', 'tones must be a list of tones'],
    ];
    for (const [tones, message] of cases) {
      const res = await server.api('/lines/compare', { body: { category: 'taglines', tones }, token: pro.token });
      expect(res.status, JSON.stringify(tones)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const noTone = await server.api('/lines/compare', {
      body: { category: 'taglines', tone: 'bold', tones: ['bold', 'funny'] },
      token: pro.token,
    });
    expect(noTone.status).toBe(400);
  });

  it('counts a comparison all or none at a daily limit, in one statement', async () => {
    const db = server.services.ctx.db;
    const subject = `user-${randomUUID()}`;
    for (let i = 0; i < 8; i++) expect(await usageRepository.increment(db, subject, 10)).toBe(i + 1);
    // Three would make 11: refused, and nothing is counted.
    expect(await usageRepository.increment(db, subject, 10, new Date(), 3)).toBeNull();
    expect((await usageRepository.counts(db, subject)).daily).toBe(8);
    // Two fit exactly.
    expect(await usageRepository.increment(db, subject, 10, new Date(), 2)).toBe(10);
    expect(await usageRepository.increment(db, subject, 10, new Date(), 1)).toBeNull();
    // A fresh day's row is also refused when the units alone exceed the limit.
    expect(await usageRepository.increment(db, `user-${randomUUID()}`, 2, new Date(), 3)).toBeNull();
    // Concurrent comparisons at 7 of 10: exactly one of three fits.
    const racing = `user-${randomUUID()}`;
    await usageRepository.increment(db, racing, 10, new Date(), 7);
    const results = await Promise.all([1, 2, 3].map(() => usageRepository.increment(db, racing, 10, new Date(), 3)));
    expect(results.filter((r) => r === 10)).toHaveLength(1);
    expect((await usageRepository.counts(db, racing)).daily).toBe(10);
  });
});

describe('the OpenAPI document', () => {
  it('describes the brand routes, compare, and brandId on /v1/generate', async () => {
    const doc = (await server.api('/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/brands', '/brands/{id}', '/lines/compare']));
    expect(Object.keys(doc.paths['/brands/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    const v1 = JSON.stringify(doc.paths['/v1/generate']) + JSON.stringify(doc.components.schemas);
    expect(v1).toContain('brandId');
    expect(JSON.stringify(doc.paths['/lines/compare'])).toContain('tones');
  });
});
