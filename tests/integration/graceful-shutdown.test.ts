import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv, startRole, stopAll, type RoleProcess } from '../helpers/cluster';
import { countGenerations, createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, recordEvents, type TestSocket } from '../helpers/socket';
import { grantPlan, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';

/**
 * SIGTERM to a worker with jobs in flight: it takes no new job, finishes the ones it holds,
 * delivers them, and exits 0. What it had not started waits for the next worker. Nothing is
 * lost, nothing runs or reaches the client twice.
 */
const TOTAL = 12;
const CONCURRENCY = 4;

let database: TestDatabase;
let prefix: string;
let api: TestServer;
let openai: ChatStub;
let socket: TestSocket | undefined;
const processes: RoleProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = testPrefix();
  openai = await startOpenAiStub({ apiKey: 'sk-shutdown' });
  // Each provider call takes 2 s: long enough to send SIGTERM while four are in flight.
  openai.setBehaviour({
    kind: 'ok',
    delayMs: 2000,
    lines: ['Brew the bold morning', 'Every cup a fresh start', 'Steam, sip, shine', 'Your daily spark'],
  });
  api = await startTestServer({ roles: ['api'], database, prefix });
});

afterAll(async () => {
  socket?.disconnect();
  await stopAll(processes);
  await api?.stop();
  await openai?.close();
  await clearRedisPrefix(prefix);
  await database?.drop();
}, 60_000);

const count = (where: string) => countGenerations(database, where);

describe('graceful shutdown of a worker under load', () => {
  it('finishes the jobs in flight, exits 0, and the next worker runs the rest; each delivered once', async () => {
    const env = {
      ...clusterEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL, prefix }),
      OPENAI_API_KEY: 'sk-shutdown',
      OPENAI_BASE_URL: `${openai.url}/v1`,
      GENERATION_CONCURRENCY: String(CONCURRENCY),
    };
    const user = await registerUser(api);
    await grantPlan(database, user.id, 'pro');
    socket = await connectSocket(api.url, { token: user.token });
    const events = recordEvents(socket, ['generation:started', 'generation:completed', 'generation:failed']);

    const first = await startRole('worker', env);
    processes.push(first);
    const ids: string[] = [];
    for (let i = 0; i < TOTAL; i++) {
      const res = await api.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold', topic: `Cafe ${i}` } });
      expect(res.status).toBe(202);
      ids.push(res.body.data.generation.id);
    }

    // Four jobs are at the provider: SIGTERM now.
    await openai.waitForRequests(CONCURRENCY, 30_000);
    const exitCode = await first.stop();
    expect(exitCode).toBe(0);
    expect(first.handle.output()).not.toMatch(/"level":(50|60)/); // no error or fatal log line

    // It finished (and delivered) what it had started, and took nothing new after the signal.
    const finishedByFirst = await count(`status = 'completed'`);
    expect(finishedByFirst).toBe(CONCURRENCY);
    expect(openai.requests).toHaveLength(CONCURRENCY);
    expect(await count(`status = 'pending'`)).toBe(TOTAL - CONCURRENCY);
    await eventually(
      async () => events.filter((e) => e.event === 'generation:completed').length === CONCURRENCY,
      5_000,
      'first deliveries',
    );

    // The next worker runs the rest.
    const second = await startRole('worker', env);
    processes.push(second);
    await eventually(async () => (await count(`status = 'completed'`)) === TOTAL, 60_000, 'all completed');
    await eventually(async () => events.filter((e) => e.event === 'generation:completed').length >= TOTAL, 10_000, 'all delivered');
    await new Promise((r) => setTimeout(r, 500));

    const completed = events.filter((e) => e.event === 'generation:completed').map((e) => e.payload.id as string);
    expect(completed).toHaveLength(TOTAL);
    expect(new Set(completed)).toEqual(new Set(ids));
    expect(events.filter((e) => e.event === 'generation:failed')).toHaveLength(0);
    expect(await count(`attempts <> 1`)).toBe(0);
    expect(openai.requests).toHaveLength(TOTAL);
  }, 120_000);
});
