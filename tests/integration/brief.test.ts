import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToday } from '@gl/core';
import { eventually } from '../helpers/eventually';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';

/**
 * A topic is a brief of up to 300 characters (DESIGN §18) everywhere a topic is taken: generate,
 * compare, campaigns, /v1 and MCP. 300 is taken, 301 refused with a message naming the field; and
 * awkward briefs go through the whole chain (api, queue, the built-in writer) to lines, never an
 * error, never the brief pasted back as a line.
 */

let server: TestServer;
let pro: TestUser;
let business: TestUser;
let key: string;

beforeAll(async () => {
  // No AI key: the built-in writer answers, as on a fresh `npm start`.
  server = await startTestServer({
    env: { GENERATE_RATE_LIMIT_PER_USER: '1000', GENERATE_RATE_LIMIT_PER_IP: '1000', V1_WAIT_TIMEOUT_MS: '20000' },
  });
  pro = await registerUser(server);
  await grantPlan(server.database, pro.id, 'pro');
  business = await registerUser(server);
  await grantPlan(server.database, business.id, 'business');
  await markVerified(server.database, business.id);
  const created = await server.api('/api-keys', { body: { name: 'brief tests' }, token: business.token });
  expect(created.status).toBe(201);
  key = created.body.data.key;
});
afterAll(async () => server?.stop());

/** A brief of exactly `n` characters, made of words (a real brief, cut at `n`). */
function briefOf(n: number): string {
  const words =
    'Mama Njeri Groceries in Kawangware sells fresh sukuma wiki, tomatoes, onions and ripe bananas every morning from six, with free delivery to your door within the estate and payment by M-Pesa, plus a loyalty card that gives every tenth basket free to regular customers and their families all year round, even on Sundays and public holidays. ';
  const text = words.repeat(Math.ceil(n / words.length) + 1).slice(0, n);
  return text.endsWith(' ') ? `${text.slice(0, -1)}.` : text;
}

const mcpCall = (args: Record<string, unknown>) =>
  server.api('/mcp', {
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'generate_lines', arguments: args } },
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
  });

const REFUSED = 'Topic must be at most 300 characters';

describe('a brief of up to 300 characters, on every route that takes a topic', () => {
  it('the brief helper makes briefs of the length asked', () => {
    expect(briefOf(300)).toHaveLength(300);
    expect(briefOf(301)).toHaveLength(301);
  });

  const routes: Array<{ name: string; send: (topic: string) => ReturnType<TestServer['api']>; accepted: number }> = [
    {
      name: 'POST /lines/generate',
      send: (topic) => server.api('/lines/generate', { token: pro.token, body: { category: 'taglines', tone: 'bold', topic } }),
      accepted: 202,
    },
    {
      name: 'POST /lines/compare',
      send: (topic) => server.api('/lines/compare', { token: pro.token, body: { category: 'taglines', tones: ['bold', 'funny'], topic } }),
      accepted: 202,
    },
    {
      name: 'POST /campaigns',
      send: (topic) =>
        server.api('/campaigns', {
          token: business.token,
          body: { startsOn: utcToday(), days: 1, platforms: ['sms'], tone: 'bold', topic },
        }),
      accepted: 202,
    },
    {
      name: 'POST /v1/generate',
      send: (topic) =>
        server.api('/v1/generate', { body: { category: 'captions', topic, count: 2 }, headers: { authorization: `Bearer ${key}` } }),
      accepted: 200,
    },
  ];

  it.each(routes)('$name: 300 characters are taken, 301 refused naming the field', async ({ send, accepted }) => {
    const ok = await send(briefOf(300));
    expect(ok.status, JSON.stringify(ok.body)).toBe(accepted);
    const refused = await send(briefOf(301));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: `topic: ${REFUSED}`,
      details: [{ path: 'topic', message: REFUSED }],
    });
  });

  it('MCP generate_lines: 300 characters are taken, 301 is a tool error naming the field', async () => {
    const ok = await mcpCall({ category: 'captions', topic: briefOf(300), count: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.result.isError, JSON.stringify(ok.body)).toBeFalsy();
    expect(ok.body.result.structuredContent.lines).toHaveLength(2);
    const refused = await mcpCall({ category: 'captions', topic: briefOf(301) });
    expect(refused.body.result).toMatchObject({ isError: true, content: [{ type: 'text', text: `topic: ${REFUSED}` }] });
  });
});

describe('awkward briefs through POST /lines/generate get lines, end to end', () => {
  const briefs: Array<[string, string]> = [
    ['one word', 'Mandazi'],
    ['300 characters', briefOf(300)],
    ['all capitals', 'BEST NYAMA CHOMA IN KISUMU, OPEN LATE EVERY FRIDAY AND SATURDAY WITH LIVE BENGA MUSIC'],
    ['emoji', '🔥 Fresh mandazi 🍩 and chai ☕ every morning in Nakuru 🙌'],
    ['a URL', 'Handmade leather sandals from Kariakor, order at https://sandals.example.co.ke/shop'],
    ['a phone number', '24/7 plumber in Mombasa, no call-out fee, call 0712 345 678 or +254 712 345 678'],
    ['a third language', 'Boulangerie artisanale à Lyon : pain au levain et croissants frais chaque matin'],
    ["a competitor's name", 'Cheaper and faster than Safaricom Home Fibre: internet for small offices in Eldoret'],
  ];

  it.each(briefs)('%s', async (_name, topic) => {
    const started = await server.api('/lines/generate', {
      token: pro.token,
      body: { category: 'taglines', tone: 'bold', topic, count: 4 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.data.generation.id as string;
    const generation = await eventually(
      async () => {
        const res = await server.api(`/lines/generations/${id}`, { token: pro.token });
        expect(res.status).toBe(200);
        const g = res.body.data.generation;
        return g.status === 'completed' || g.status === 'failed' ? g : undefined;
      },
      20_000,
      'the generation to finish',
    );
    expect(generation.status, JSON.stringify(generation)).toBe('completed');
    expect(generation.error ?? null).toBeNull();
    const lines = generation.lines as string[];
    expect(lines).toHaveLength(4);
    const plain = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
    for (const line of lines) {
      expect(line.trim()).not.toBe('');
      expect(plain(line)).not.toBe(plain(topic));
      // Never the brief poured in whole (one word may of course be used).
      if (topic.includes(' ')) expect(plain(line)).not.toContain(plain(topic));
    }
  });
});
