import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { startTestServer, type TestServer } from '../helpers/server';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { registerUser } from '../helpers/users';

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('PostgreSQL goes away and comes back', () => {
  let pgProxy: TcpProxy;
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    pgProxy = await startTcpProxy('127.0.0.1', 5432);
    const viaProxy = new URL(database.url);
    viaProxy.port = String(pgProxy.port);
    server = await startTestServer({ roles: ['api'], env: { DATABASE_URL: viaProxy.toString() }, database });
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await pgProxy?.close();
    await database?.drop();
  });

  it('answers 503 UNAVAILABLE (not 500) while it is down, health names it, and recovers by itself', async () => {
    const user = await registerUser(server);
    pgProxy.cut();
    const started = Date.now();
    const me = await server.api('/auth/me', { token: user.token });
    expect(me.status).toBe(503);
    expect(me.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(me.body.error).toMatch(/try again/i);
    expect(Date.now() - started).toBeLessThan(10_000);
    const health = await server.api('/health');
    expect(health.status).toBe(503);
    expect(health.body.data.database.status).toBe('down');

    pgProxy.restore();
    const back = await eventually(
      () => server.api('/auth/me', { token: user.token }),
      (r) => r.status === 200,
    );
    expect(back.status).toBe(200);
    expect((await server.api('/health')).status).toBe(200);
  });
});

describe('Redis goes away and comes back', () => {
  let redisProxy: TcpProxy;
  let server: TestServer;
  beforeAll(async () => {
    redisProxy = await startTcpProxy('127.0.0.1', 6379);
    server = await startTestServer({ roles: ['api'], env: { REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` } });
  });
  afterAll(async () => {
    redisProxy?.restore();
    await server?.stop().catch(() => undefined);
    await redisProxy?.close();
  });

  it('health names Redis at once, sign-in keeps working, and it recovers by itself', async () => {
    const user = await registerUser(server);
    redisProxy.cut();
    const started = Date.now();
    const health = await eventually(
      () => server.api('/health'),
      (r) => r.status === 503,
    );
    expect(health.status).toBe(503);
    expect(health.body.data.redis.status).toBe('down');
    expect(Date.now() - started).toBeLessThan(10_000);
    // Rate limiting falls back to per-process memory: signing in still works without Redis.
    const login = await server.api('/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);

    // Producers have no offline queue: generate says so at once instead of hanging.
    const asked = Date.now();
    const refused = await server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold' } });
    expect(Date.now() - asked).toBeLessThan(2_000);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(refused.body.error).toMatch(/try again/i);
    // Nothing was taken from the daily quota.
    const usage = await server.api('/users/usage', { token: user.token });
    expect(usage.body.data.dailyGenerations).toBe(0);

    redisProxy.restore();
    const back = await eventually(
      () => server.api('/health'),
      (r) => r.status === 200,
      20_000,
    );
    expect(back.status).toBe(200);
    const accepted = await eventually(
      () => server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold' } }),
      (r) => r.status === 202,
    );
    expect(accepted.status).toBe(202);
  });
});
