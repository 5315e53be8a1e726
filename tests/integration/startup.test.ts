import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnEntry, waitForHttp } from '../helpers/process';
import { clearRedisPrefix, testPrefix } from '../helpers/redis';

const dirs: string[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const p of prefixes) await clearRedisPrefix(p);
});

describe('process start-up', () => {
  it('the launcher with DATABASE_URL unset runs both roles on PGlite and answers /api/health', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gl-pglite-'));
    dirs.push(dir);
    const port = await freePort();
    const prefix = testPrefix();
    prefixes.push(prefix);
    const proc = spawnEntry('launcher', { PORT: String(port), PGLITE_DIR: path.join(dir, 'pglite'), REDIS_PREFIX: prefix });
    try {
      const res = await waitForHttp(`http://127.0.0.1:${port}/api/health`, 90_000);
      const body = (await res.json()) as any;
      expect(res.status).toBe(200);
      expect(body.data.database).toEqual({ status: 'up', kind: 'pglite' });
      // It persists under the data directory: a user registered now is there after a restart.
      const reg = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Pat', email: 'pat@example.com', password: 'secret1' }),
      });
      expect(reg.status).toBe(201);
    } finally {
      expect(await proc.stop('SIGTERM')).toBe(0);
    }
    const again = spawnEntry('launcher', { PORT: String(port), PGLITE_DIR: path.join(dir, 'pglite'), REDIS_PREFIX: prefix });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/api/health`, 90_000);
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'pat@example.com', password: 'secret1' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('a wrong DATABASE_URL fails fast with a clear message', async () => {
    const started = Date.now();
    const proc = spawnEntry('launcher', {
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    });
    const code = await proc.exited;
    expect(code).toBe(1);
    expect(proc.output()).toMatch(/Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/nowhere/);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('bad configuration lists every bad variable, then exits', async () => {
    const proc = spawnEntry('launcher', { PORT: 'eighty', ROLES: 'api,mailer', DATABASE_URL: 'mysql://x' });
    const code = await proc.exited;
    expect(code).toBe(78);
    const out = proc.output();
    expect(out).toMatch(/Invalid configuration/);
    expect(out).toMatch(/PORT/);
    expect(out).toMatch(/ROLES/);
    expect(out).toMatch(/DATABASE_URL/);
  }, 30_000);
});
