import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
let pro: TestUser;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'], env: { GENERATE_RATE_LIMIT_PER_USER: '1000', GENERATE_RATE_LIMIT_PER_IP: '1000' } });
  pro = await registerUser(server);
  // A pro user, so that every refusal below is about the input, not the plan.
  await server.services.ctx.db.insert(schema.subscriptions).values({ userId: pro.id, planId: 'pro', status: 'active' });
});
afterAll(async () => server?.stop());

const valid = { category: 'taglines', tone: 'bold', topic: 'Kahawa', prompt: 'Short', count: 4, language: 'en', maxChars: 60 };

describe('POST /lines/generate: bad input is 400 with details, never 500', () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['missing category', { ...valid, category: undefined }, 'category', /valid category/],
    ['unknown category', { ...valid, category: 'poems' }, 'category', /valid category/],
    ['category of the wrong type', { ...valid, category: 7 }, 'category', /valid category/],
    ['missing tone', { ...valid, tone: undefined }, 'tone', /valid tone/],
    ['unknown tone', { ...valid, tone: 'sarcastic' }, 'tone', /valid tone/],
    ['topic over 300 characters', { ...valid, topic: 'x'.repeat(301) }, 'topic', /^Topic must be at most 300 characters$/],
    ['topic of the wrong type', { ...valid, topic: { $ne: null } }, 'topic', /.+/],
    ['oversized prompt', { ...valid, prompt: 'x'.repeat(201) }, 'prompt', /at most 200/],
    ['prompt of the wrong type', { ...valid, prompt: ['a'] }, 'prompt', /.+/],
    ['count 0', { ...valid, count: 0 }, 'count', /between 1 and 10/],
    ['count 11', { ...valid, count: 11 }, 'count', /between 1 and 10/],
    ['count 2.5', { ...valid, count: 2.5 }, 'count', /whole number/],
    ['count as text', { ...valid, count: '4' }, 'count', /must be a number/],
    ['unknown language', { ...valid, language: 'xx' }, 'language', /supported language/],
    ['maxChars over the category bound', { ...valid, maxChars: 81 }, 'maxChars', /between 8 and 80/],
    ['maxChars under the category minimum', { category: 'bios', tone: 'bold', maxChars: 12 }, 'maxChars', /between 15 and 160/],
    ['maxChars as text', { ...valid, maxChars: '60' }, 'maxChars', /must be a number/],
    ['unknown field', { ...valid, isAdmin: true }, '', /Unknown field/],
  ];

  it.each(cases)('%s', async (_name, body, path, message) => {
    const res = await server.api('/lines/generate', { body, token: pro.token });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(message) })]));
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('malformed JSON, a non-object body and an oversized body are clear 4xx', async () => {
    expect((await server.api('/lines/generate', { raw: '{"category": "taglines",', token: pro.token })).status).toBe(400);
    expect((await server.api('/lines/generate', { raw: '[1,2,3]', token: pro.token })).status).toBe(400);
    expect((await server.api('/lines/generate', { raw: 'null', token: pro.token })).status).toBe(400);
    const huge = await server.api('/lines/generate', { body: { ...valid, topic: 'x'.repeat(20_000) }, token: pro.token });
    expect(huge.status).toBe(413);
  });

  it('nothing invalid was recorded or counted', async () => {
    const [g] = await server.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.generations);
    const [u] = await server.services.ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.usageDaily);
    expect(g!.n).toBe(0);
    expect(u!.n).toBe(0);
  });

  it('the valid body with every field is accepted, and count defaults to 4', async () => {
    expect((await server.api('/lines/generate', { body: valid, token: pro.token })).status).toBe(202);
    const res = await server.api('/lines/generate', { body: { category: 'slogans', tone: 'minimalist' }, token: pro.token });
    expect(res.status).toBe(202);
    const got = await server.api(`/lines/generations/${res.body.data.generation.id}`, { token: pro.token });
    expect(got.body.data.generation).toMatchObject({ status: 'pending', count: 4, language: 'en', category: 'slogans' });
  });
});

describe('generations and regenerate: bad input', () => {
  it('a malformed id is 400; an unknown one 404', async () => {
    expect((await server.api('/lines/generations/not-a-uuid', { token: pro.token })).status).toBe(400);
    expect((await server.api(`/lines/generations/${randomUUID()}`, { token: pro.token })).status).toBe(404);
    expect((await server.api('/lines/generations/../../etc', { token: pro.token })).status).toBe(404);
  });

  it.each([
    [{}, /index/],
    [{ index: -1 }, /.+/],
    [{ index: 10 }, /.+/],
    [{ index: 'one' }, /must be a number/],
    [{ index: 0, extra: 1 }, /Unknown field/],
  ])('regenerate %j is 400', async (body, message) => {
    const res = await server.api(`/lines/generations/${randomUUID()}/regenerate`, { body, token: pro.token });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toMatch(message);
  });

  it('regenerating a generation that is still pending is 409', async () => {
    const res = await server.api('/lines/generate', { body: { category: 'bios', tone: 'bold', count: 2 }, token: pro.token });
    const again = await server.api(`/lines/generations/${res.body.data.generation.id}/regenerate`, {
      body: { index: 0 },
      token: pro.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });

  it('history: a bad limit is 400', async () => {
    expect((await server.api('/lines/generations?limit=0', { token: pro.token })).status).toBe(400);
    expect((await server.api('/lines/generations?limit=abc', { token: pro.token })).status).toBe(400);
    expect((await server.api('/lines/generations?limit=51', { token: pro.token })).status).toBe(400);
  });
});
