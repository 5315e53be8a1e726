import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';

let server: TestServer;
let openai: ChatStub;
let business: TestUser;

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: 'sk-v1-stub' });
  server = await startTestServer({
    env: { OPENAI_API_KEY: 'sk-v1-stub', OPENAI_BASE_URL: `${openai.url}/v1`, V1_WAIT_TIMEOUT_MS: '5000' },
  });
  business = await registerUser(server);
  await subscribe(business, 'business');
});
afterAll(async () => {
  await server?.stop();
  await openai?.close();
});

const subscribe = async (user: TestUser, planId: 'pro' | 'business') => {
  await grantPlan(server.database, user.id, planId);
  await markVerified(server.database, user.id);
};

const v1 = (path: string, key: string | undefined, body?: unknown) =>
  server.api(`/v1${path}`, { body, headers: key ? { authorization: `Bearer ${key}` } : {} });

async function createKey(user: TestUser, name = 'My integration') {
  const res = await server.api('/api-keys', { body: { name }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { apiKey: { id: string; name: string; prefix: string }; key: string };
}

describe('API keys (business plan)', () => {
  it('creates a key shown once; only its hash is stored; lists and revokes', async () => {
    const { apiKey, key } = await createKey(business);
    expect(key).toMatch(/^gl_[A-Za-z0-9_-]{40,}$/);
    expect(apiKey).toMatchObject({ name: 'My integration', prefix: key.slice(0, 10), revokedAt: null });

    const [row] = await server.services.ctx.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = await server.api('/api-keys', { token: business.token });
    expect(list.status).toBe(200);
    expect(list.body.data.apiKeys).toEqual([expect.objectContaining({ id: apiKey.id, prefix: apiKey.prefix })]);
    expect(JSON.stringify(list.body)).not.toContain(key);

    expect((await v1('/usage', key)).status).toBe(200);
    const revoked = await server.api(`/api-keys/${apiKey.id}`, { method: 'DELETE', token: business.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.apiKey.revokedAt).toBeTruthy();
    const afterRevoke = await v1('/usage', key);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED', error: 'Invalid or revoked API key' });
  });

  it('a free or pro user cannot create keys (403 PLAN_REQUIRED naming Business); keys are private to their owner', async () => {
    const free = await registerUser(server);
    const pro = await registerUser(server);
    await subscribe(pro, 'pro');
    for (const u of [free, pro]) {
      const res = await server.api('/api-keys', { body: { name: 'x' }, token: u.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PLAN_REQUIRED',
        requiredPlan: 'business',
        error: 'API access needs the Business plan. Upgrade to use it.',
      });
    }
    const { apiKey } = await createKey(business, 'private');
    expect((await server.api('/api-keys', { token: free.token })).body.data.apiKeys).toEqual([]);
    expect((await server.api(`/api-keys/${apiKey.id}`, { method: 'DELETE', token: free.token })).status).toBe(404);
    expect((await server.api('/api-keys')).status).toBe(401);
    expect((await server.api('/api-keys', { body: { name: 'x'.repeat(61) }, token: business.token })).status).toBe(400);
  });

  it('a key whose owner is no longer on business is 403; unknown or missing keys are 401', async () => {
    const former = await registerUser(server);
    await subscribe(former, 'business');
    const { key } = await createKey(former);
    expect((await v1('/usage', key)).status).toBe(200);
    await server.services.ctx.db
      .update(schema.subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(schema.subscriptions.userId, former.id));
    const downgraded = await v1('/generate', key, { category: 'taglines' });
    expect(downgraded.status).toBe(403);
    expect(downgraded.body).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'business' });

    expect((await v1('/usage', 'gl_not-a-real-key-at-all')).status).toBe(401);
    expect((await v1('/usage', undefined)).status).toBe(401);
    // A session token is not an API key.
    expect((await v1('/usage', business.token)).status).toBe(401);
  });
});

describe('public API v1', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey(business, 'v1')).key;
  });

  it('POST /v1/generate waits for the job and answers {success, lines, usage: {remaining, total}}', async () => {
    openai.setBehaviour({ kind: 'ok', lines: ['1. Lines that sell', '2. "Copy that converts"', '3. Words at work'] });
    const res = await v1('/generate', key, { category: 'adlines', tone: 'motivational', prompt: 'Keep it short', count: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      lines: ['Lines that sell', 'Copy that converts', 'Words at work'],
      source: 'openai',
      usage: { remaining: -1, total: -1 },
    });
    const [row] = await server.services.ctx.db.select().from(schema.generations).where(eq(schema.generations.id, res.body.id));
    expect(row).toMatchObject({ userId: business.id, status: 'completed' });
    expect(row!.apiKeyId).toBeTruthy();
  });

  it('tone defaults to corporate and count to 4; bad input is 400 with details', async () => {
    openai.setBehaviour({ kind: 'ok' });
    const res = await v1('/generate', key, { category: 'taglines' });
    expect(res.status).toBe(200);
    expect(res.body.lines).toHaveLength(4);
    const content: string = openai.requests.at(-1)!.body.messages[1].content;
    expect(content).toContain('Tone: corporate');

    const bad = await v1('/generate', key, { category: 'poems', count: 11 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['category', 'count']);
  });

  it('GET /v1/usage, GET /v1/plans and POST /v1/save-line', async () => {
    const usage = await v1('/usage', key);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ success: true, usage: { remaining: -1, total: -1, planId: 'business' } });
    expect(usage.body.usage.used).toBeGreaterThanOrEqual(2);

    const plans = await v1('/plans', key);
    expect(plans.body.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'pro', 'business']);

    const saved = await v1('/save-line', key, { text: 'Lines that sell', category: 'adlines', tone: 'motivational' });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ success: true, savedLine: { text: 'Lines that sell', category: 'adlines' }, alreadySaved: false });
    const again = await v1('/save-line', key, { text: 'LINES THAT SELL', category: 'adlines', tone: 'motivational' });
    expect(again.status).toBe(200);
    expect(again.body.alreadySaved).toBe(true);
    const library = await server.api('/lines/saved', { token: business.token });
    expect(library.body.data.savedLines.map((l: { text: string }) => l.text)).toContain('Lines that sell');

    const missing = await v1('/save-line', key, { text: 'x', category: 'adlines' });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe('tone');
  });

  it('answers 504 when the job takes longer than V1_WAIT_TIMEOUT_MS (the generation still completes)', async () => {
    const slow = await startTestServer({
      database: server.database,
      env: { OPENAI_API_KEY: 'sk-v1-stub', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_TIMEOUT_MS: '5000', V1_WAIT_TIMEOUT_MS: '1000' },
    });
    try {
      openai.setBehaviour({ kind: 'ok', delayMs: 2000 });
      const res = await slow.api('/v1/generate', { body: { category: 'taglines' }, headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({ success: false, code: 'TIMEOUT' });
      await slow.drain(10_000);
      const [row] = await slow.services.ctx.db.select().from(schema.generations).where(eq(schema.generations.id, res.body.id));
      expect(row!.status).toBe('completed');
    } finally {
      openai.setBehaviour({ kind: 'ok' });
      await slow.stop();
    }
  });
});
