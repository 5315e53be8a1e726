import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countForPlatform, hashtagsOf, lineLimit } from '@gl/core';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';

/**
 * A local OpenAI-compatible server (Ollama, llama.cpp, LM Studio: docs/local-ai.md) is a provider
 * like any other (DESIGN §18): the OpenAI settings point at it (a base URL of its own, a model name
 * OpenAI does not have, the placeholder key Ollama accepts), and its lines meet the same rules layer
 * as a hosted model's. Small local models break rules more often, so the stub plays one: lines too
 * long for the platform, the brief pasted back, hashtags where none may be, an avoided word in a tag.
 */

const LOCAL_KEY = 'ollama';
const LOCAL_MODEL = 'llama3.2:3b';

let server: TestServer;
let local: ChatStub;
let owner: TestUser;
let socket: TestSocket;

beforeAll(async () => {
  local = await startOpenAiStub({ apiKey: LOCAL_KEY });
  server = await startTestServer({
    env: {
      OPENAI_API_KEY: LOCAL_KEY,
      OPENAI_BASE_URL: `${local.url}/v1`,
      OPENAI_MODEL: LOCAL_MODEL,
      OPENAI_TIMEOUT_MS: '3000',
      GENERATE_RATE_LIMIT_PER_USER: '1000',
      GENERATE_RATE_LIMIT_PER_IP: '1000',
    },
  });
  owner = await registerUser(server);
  await grantPlan(server.database, owner.id, 'business');
  await markVerified(server.database, owner.id);
  socket = await connectSocket(server.url, { token: owner.token });
});

afterAll(async () => {
  socket?.disconnect();
  await server?.stop();
  await local?.close();
});

beforeEach(() => local.setBehaviour({ kind: 'ok' }));

async function generate(body: Record<string, unknown>): Promise<{ lines: string[]; source: string }> {
  const res = await server.api('/lines/generate', { body, token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = res.body.data.generation.id as string;
  const completed = await nextEvent<any>(socket, 'generation:completed', (p) => p.id === id);
  return { lines: completed.lines, source: completed.source };
}

describe('a local OpenAI-compatible model as the provider', () => {
  it('is called at its own base URL with its own model name and key; lines too long for the platform are dropped, numbering and spacing cleaned, and the broken rule restated to it', async () => {
    local.queue(
      {
        kind: 'ok',
        lines: [
          '1. Fresh Mandazi  Every Morning',
          'Nakuru’s favourite family bakery: warm bread, birthday cakes and chai every single morning',
          'Warm Bread, Baked at Dawn',
        ],
      },
      { kind: 'ok', lines: ['Birthday Cakes Made To Order'] },
    );
    const before = local.requests.length;
    const { lines, source } = await generate({
      category: 'taglines',
      tone: 'bold',
      topic: 'family bakery in Nakuru',
      count: 3,
      platform: 'google_ads_headline',
    });

    expect(source).toBe('openai');
    expect(lines).toEqual(['Fresh Mandazi Every Morning', 'Warm Bread, Baked at Dawn', 'Birthday Cakes Made To Order']);
    const limit = lineLimit('google_ads_headline', null, 'taglines');
    for (const line of lines) expect(countForPlatform(line, 'google_ads_headline'), line).toBeLessThanOrEqual(limit);

    const asked = local.requests.slice(before);
    expect(asked).toHaveLength(2);
    for (const request of asked) {
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe(`Bearer ${LOCAL_KEY}`);
      expect(request.body.model).toBe(LOCAL_MODEL);
    }
    expect(asked[1]!.body.messages[1].content).toContain('Your previous answer broke these rules');
    expect(asked[1]!.body.messages[1].content).toContain(`at most ${limit} characters`);
  });

  it('never delivers the brief pasted back as a line, even when it fits', async () => {
    // Under today's 100-character topic limit (issue 33 raises it to 300), and within the bio limit.
    const brief = "Mama Oliech's fish restaurant in Westlands: fried tilapia, ugali and greens, lunch from KSh 200";
    local.queue(
      {
        kind: 'ok',
        lines: [brief, `${brief}.`, `"${brief}"`, 'Whole fried tilapia, the way Mama makes it.', `Welcome to ${brief}!`],
      },
      { kind: 'ok', lines: ['Lunch from KSh 200: tilapia, ugali and greens.'] },
    );
    const { lines, source } = await generate({
      category: 'bios',
      tone: 'minimalist',
      topic: brief,
      count: 2,
      hashtags: 'none',
      emoji: 'none',
    });

    expect(source).toBe('openai');
    expect(lines).toEqual(['Whole fried tilapia, the way Mama makes it.', 'Lunch from KSh 200: tilapia, ugali and greens.']);
    for (const line of lines) expect(line.toLowerCase()).not.toContain(brief.toLowerCase());
  });

  it('drops lines with a hashtag the switches forbid, or a brand kit word to avoid inside a tag', async () => {
    const created = await server.api('/brands', { body: { name: 'Tilapia House', wordsToAvoid: ['cheap'] }, token: owner.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    local.queue(
      {
        kind: 'ok',
        lines: [
          'Fresh tilapia every lunchtime #Westlands',
          'Lunch is served #fish #food',
          'Big plates for small change #CheapEats',
          'Fried whole, served hot, eaten slowly.',
        ],
      },
      { kind: 'ok', lines: ['Cheap lunch, big taste', 'Ugali, greens and the catch of the day.'] },
    );
    const { lines, source } = await generate({
      category: 'captions',
      tone: 'minimalist',
      topic: 'fish restaurant in Westlands',
      count: 2,
      hashtags: 'none',
      brandId: created.body.data.brand.id,
    });

    expect(source).toBe('openai');
    expect(lines).toEqual(['Fried whole, served hot, eaten slowly.', 'Ugali, greens and the catch of the day.']);
    for (const line of lines) {
      expect(hashtagsOf(line), line).toEqual([]);
      expect(line).not.toMatch(/cheap/i);
    }
  });

  it('falls back to the built-in writer when the local server is down, and the lines still fit', async () => {
    local.setBehaviour({ kind: 'error', status: 500 });
    const { lines, source } = await generate({
      category: 'taglines',
      tone: 'bold',
      topic: 'family bakery in Nakuru',
      count: 3,
      platform: 'google_ads_headline',
    });
    expect(['fallback', 'static_fallback']).toContain(source);
    expect(lines).toHaveLength(3);
    const limit = lineLimit('google_ads_headline', null, 'taglines');
    for (const line of lines) expect(countForPlatform(line, 'google_ads_headline'), line).toBeLessThanOrEqual(limit);
  });
});
