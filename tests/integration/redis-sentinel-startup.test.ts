import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv, startRole, stopAll, type RoleProcess } from '../helpers/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { freePort, spawnEntry } from '../helpers/process';
import { clearRedisPrefix, testPrefix } from '../helpers/redis';
import { startSentinelSet, type SentinelSet } from '../helpers/sentinel';

/**
 * REDIS_SENTINELS at start: a mistake is named and the process exits non-zero (78, like every
 * bad variable) instead of retrying for ever; a right set-up serves over the sentinels' master.
 * One sentinel with a password watches a primary with a data password.
 */
let database: TestDatabase;
let set: SentinelSet;
const prefix = testPrefix();
const processes: RoleProcess[] = [];
const DATA_PASSWORD = 'data-secret-1';
const SENTINEL_PASSWORD = 'sentinel-secret-1';

beforeAll(async () => {
  database = await createTestDatabase();
  set = await startSentinelSet({ replicas: 0, sentinels: 1, password: DATA_PASSWORD, sentinelPassword: SENTINEL_PASSWORD });
}, 60_000);

afterAll(async () => {
  await stopAll(processes);
  await set?.stop();
  await clearRedisPrefix(prefix);
  await database?.drop();
}, 60_000);

const env = (over: Record<string, string>) => {
  const base = clusterEnv({ databaseUrl: database.url, redisUrl: 'redis://127.0.0.1:1', prefix });
  delete (base as Partial<typeof base>).REDIS_URL;
  return {
    ...base,
    REDIS_SENTINELS: set.sentinels,
    REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD,
    REDIS_PASSWORD: DATA_PASSWORD,
    ...over,
  };
};

async function exitOf(over: Record<string, string>) {
  const proc = spawnEntry('main-worker', env(over));
  const timer = setTimeout(() => void proc.stop('SIGKILL'), 30_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, output: proc.output() };
}

describe('Redis Sentinel settings at start', () => {
  it('a sentinel list naming no reachable sentinel: says so and exits 78', async () => {
    const [a, b] = [await freePort(), await freePort()];
    const { code, output } = await exitOf({ REDIS_SENTINELS: `127.0.0.1:${a},127.0.0.1:${b}` });
    expect(code).toBe(78);
    expect(output).toContain(`REDIS_SENTINELS: none of the sentinels answered (127.0.0.1:${a},127.0.0.1:${b})`);
  }, 40_000);

  it('a malformed sentinel list: names the entry and exits 78', async () => {
    const { code, output } = await exitOf({ REDIS_SENTINELS: '127.0.0.1:26379,sentinel-two' });
    expect(code).toBe(78);
    expect(output).toMatch(/REDIS_SENTINELS: "sentinel-two" is not host:port/);
  }, 40_000);

  it('a master name the sentinels do not know: says so and exits 78', async () => {
    const { code, output } = await exitOf({ REDIS_SENTINEL_NAME: 'nosuchmaster' });
    expect(code).toBe(78);
    expect(output).toContain('REDIS_SENTINEL_NAME: the sentinels');
    expect(output).toContain('know no master named "nosuchmaster"');
  }, 40_000);

  it('a wrong sentinel password: says so and exits 78', async () => {
    const { code, output } = await exitOf({ REDIS_SENTINEL_PASSWORD: 'not-the-password' });
    expect(code).toBe(78);
    expect(output).toContain('REDIS_SENTINEL_PASSWORD: the sentinels refused the password.');
  }, 40_000);

  it('a wrong data password: names REDIS_PASSWORD and exits 78', async () => {
    const { code, output } = await exitOf({ REDIS_PASSWORD: 'not-the-password' });
    expect(code).toBe(78);
    expect(output).toMatch(/REDIS_PASSWORD: the Redis master 127\.0\.0\.1:\d+ refused the password\./);
  }, 40_000);

  it('the right settings: an api serves over the master, /api/ready and /api/live answer 200', async () => {
    const api = await startRole('api', env({}));
    processes.push(api);
    const ready = await fetch(`${api.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as any).data).toEqual({ status: 'ready', draining: false, database: 'up', redis: 'up' });
    const live = await fetch(`${api.url}/api/live`);
    expect(live.status).toBe(200);
    expect(((await live.json()) as any).data.status).toBe('live');
    // Its keys are on the sentinels' master.
    const reg = await fetch(`${api.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sentinel Sam', email: `sam-${prefix}@example.com`, password: 'secret1' }),
    });
    expect(reg.status).toBe(201);
  }, 90_000);
});
