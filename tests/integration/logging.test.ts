import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv, startRole, stopAll, type RoleProcess } from '../helpers/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from '../helpers/redis';
import { apiClient } from '../helpers/server';
import { registerUser } from '../helpers/users';

/** What an operator reads: one JSON object per line, with a request id, and no secret in it. */
const CALLBACK_SECRET = 'cb_do_not_log_this_secret_7f3a';
/** An approval link's token (DESIGN.md §21): its page and public API paths carry it. */
const APPROVAL_TOKEN = 'ApprovalTokenNotLogged';
let database: TestDatabase;
let prefix: string;
let api: RoleProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = testPrefix();
  api = await startRole('api', {
    ...clusterEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL, prefix }),
    LOG_LEVEL: 'info',
    MPESA_CALLBACK_SECRET: CALLBACK_SECRET,
  });
}, 60_000);

afterAll(async () => {
  await stopAll([api].filter(Boolean));
  await clearRedisPrefix(prefix);
  await database?.drop();
});

describe('request logs', () => {
  it('are JSON lines with a request id, and hold no password, token or callback secret', async () => {
    const client = apiClient(api.url);
    const user = await registerUser(client, { password: 'a-very-secret-password' });
    const login = await client.api('/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    await client.api('/auth/me', { token: user.token });
    await client.api('/auth/refresh', { body: { refreshToken: user.refreshToken } });
    await client.api(`/payments/mpesa/callback/${CALLBACK_SECRET}?token=${user.token}`, { body: { Body: {} } });
    await client.api(`/public/approvals/${APPROVAL_TOKEN}`, { headers: { 'X-Approval-Pin': '1234' } });
    await client.api(`/public/approvals/${APPROVAL_TOKEN}/decisions`, { body: { reviewerName: 'R', decisions: [] } });
    for (const page of [`/approve/${APPROVAL_TOKEN}`, `/sw/approve/${APPROVAL_TOKEN}`])
      await fetch(`${api.url}${page}`, { headers: { accept: 'text/html' } });
    await new Promise((r) => setTimeout(r, 300));

    const lines = api.handle
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    const requests = lines.map((l) => JSON.parse(l)).filter((entry) => entry.req);
    expect(requests.length).toBeGreaterThanOrEqual(5);
    for (const entry of requests) expect(entry.req.id).toEqual(expect.any(String));
    expect(requests.some((e) => e.req.url === '/api/payments/mpesa/callback/[redacted]')).toBe(true);
    expect(requests.some((e) => e.req.url === '/api/public/approvals/[redacted]/decisions')).toBe(true);
    expect(requests.some((e) => e.req.url === '/sw/approve/[redacted]')).toBe(true);

    const all = api.handle.output();
    for (const secret of [user.password, user.token, user.refreshToken, login.body.data.token, CALLBACK_SECRET, APPROVAL_TOKEN]) {
      expect(all).not.toContain(secret);
    }
  }, 30_000);
});
