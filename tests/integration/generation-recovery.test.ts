import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { spawnEntry, type ChildHandle } from '../helpers/process';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';

let database: TestDatabase;
let prefix: string;
let api: TestServer;
let openai: ChatStub;
const children: ChildHandle[] = [];
let socket: TestSocket | undefined;

function startWorker(): ChildHandle {
  const child = spawnEntry('main-worker', {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    OPENAI_API_KEY: 'sk-recovery',
    OPENAI_BASE_URL: `${openai.url}/v1`,
    OPENAI_TIMEOUT_MS: '30000',
    WORKER_LOCK_DURATION_MS: '1000',
    WORKER_STALLED_INTERVAL_MS: '1000',
  });
  children.push(child);
  return child;
}

/** SIGKILL a worker: no shutdown hook runs, its jobs are left active in Redis. */
async function killHard(handle: ChildHandle): Promise<void> {
  await handle.stop('SIGKILL');
}

async function ready(child: ChildHandle, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!child.output().includes('worker running')) {
    if (child.child.exitCode !== null) throw new Error(`worker exited: ${child.output()}`);
    if (Date.now() > deadline) throw new Error(`worker not ready: ${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = testPrefix();
  openai = await startOpenAiStub({ apiKey: 'sk-recovery' });
  api = await startTestServer({ roles: ['api'], database, prefix });
});

afterAll(async () => {
  socket?.disconnect();
  await Promise.all(children.map((c) => (c.child.exitCode === null ? killHard(c) : undefined)));
  await api?.stop();
  await openai?.close();
  await clearRedisPrefix(prefix);
  await database?.drop();
});

describe('stalled-job recovery', () => {
  it('a worker killed (SIGKILL) mid-job: another worker finishes it and the client gets exactly one completion', async () => {
    const user = await registerUser(api);
    socket = await connectSocket(api.url, { token: user.token });
    const events = recordEvents(socket, ['generation:started', 'generation:line', 'generation:completed', 'generation:failed']);

    // The first request streams one line, then hangs: the job is in flight when its worker dies.
    openai.queue({
      kind: 'ok',
      lines: ['First of four lines', 'Second of four lines', 'Third of four lines', 'Fourth of four lines'],
      stallAfterLines: 1,
      stallMs: 60_000,
    });
    openai.setBehaviour({
      kind: 'ok',
      lines: ['Fresh start line one', 'Fresh start line two', 'Fresh start line three', 'Fresh start line four'],
    });

    const first = startWorker();
    await ready(first);
    const res = await api.api('/lines/generate', { body: { category: 'taglines', tone: 'bold' }, token: user.token });
    expect(res.status).toBe(202);
    const id = res.body.data.generation.id as string;

    await nextEvent(socket, 'generation:line', (p: any) => p.id === id && p.index === 0, 30_000);
    await killHard(first);

    const second = startWorker();
    await ready(second);
    const completed = await nextEvent(socket, 'generation:completed', (p: any) => p.id === id, 30_000);
    expect(completed.source).toBe('openai');
    expect(completed.lines).toEqual(['Fresh start line one', 'Fresh start line two', 'Fresh start line three', 'Fresh start line four']);

    // Give a duplicate every chance to show up, then count.
    await new Promise((r) => setTimeout(r, 2500));
    expect(events.filter((e) => e.event === 'generation:completed' && e.payload.id === id)).toHaveLength(1);
    expect(events.filter((e) => e.event === 'generation:failed')).toHaveLength(0);

    const [row] = await api.services.ctx.db.select().from(schema.generations).where(eq(schema.generations.id, id));
    expect(row).toMatchObject({ status: 'completed', source: 'openai', attempts: 2 });
    expect(openai.requests).toHaveLength(2);
  }, 120_000);
});
