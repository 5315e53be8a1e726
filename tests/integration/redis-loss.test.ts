import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileOnce } from '@gl/worker/reconciler';
import { countGenerations, createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import { clearRedisPrefix, testPrefix } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, recordEvents, type TestSocket } from '../helpers/socket';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';

/**
 * PostgreSQL is the truth, Redis only carries the queues. When Redis loses its data between
 * accepting work and running it, the workers' reconciler finds what PostgreSQL still shows as
 * pending and enqueues it again; deterministic job ids keep that from running anything twice.
 */
const USERS = 4;
const PER_USER = 50; // 200 in all; under the per-user rate limit (60 a minute)

let database: TestDatabase;
let prefix: string;
let api: TestServer;
const workers: TestServer[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = testPrefix();
  api = await startTestServer({ roles: ['api'], database, prefix });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const w of workers) await w.stop();
  await api?.stop();
  await clearRedisPrefix(prefix);
  await database?.drop();
}, 60_000);

const count = (where: string) => countGenerations(database, where);

describe('Redis loses its data with 200 generations accepted', () => {
  it('the reconciler re-enqueues them and every one completes exactly once', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await registerUser(api);
      await grantPlan(database, user.id, 'pro');
      users.push(user);
    }
    const events: Array<ReturnType<typeof recordEvents>> = [];
    for (const user of users) {
      const socket = await connectSocket(api.url, { token: user.token });
      sockets.push(socket);
      events.push(recordEvents(socket, ['generation:completed', 'generation:failed']));
    }

    // Accepted: 202, a row in PostgreSQL, a job in Redis. No worker is running yet.
    const ids: string[] = [];
    for (const user of users) {
      const answers = await Promise.all(
        Array.from({ length: PER_USER }, (_, i) =>
          api.api('/lines/generate', { token: user.token, body: { category: 'slogans', tone: 'inspirational', topic: `Shop ${i}` } }),
        ),
      );
      for (const res of answers) {
        expect(res.status).toBe(202);
        ids.push(res.body.data.generation.id);
      }
    }
    expect(new Set(ids).size).toBe(USERS * PER_USER);
    expect((await api.services.ctx.jobs.depths()).generation).toBe(USERS * PER_USER);

    // Redis forgets everything under this test's prefix: every queued job is gone.
    await clearRedisPrefix(prefix);
    expect((await api.services.ctx.jobs.depths()).generation).toBe(0);
    expect(await count(`status = 'pending'`)).toBe(USERS * PER_USER);

    // Two workers start; the reconciler (grace 0 for the test) finds the pending rows.
    for (let i = 0; i < 2; i++) {
      workers.push(await startTestServer({ roles: ['worker'], database, prefix, env: { RECONCILE_GRACE_MS: '0' } }));
    }
    // More rounds while the jobs wait or run (bypassing the reconciler's lock) add nothing: the ids are taken.
    for (const w of workers) await reconcileOnce(w.services.ctx);

    await eventually(async () => (await count(`status = 'completed'`)) === USERS * PER_USER, 60_000, 'all 200 completed');
    expect(await count(`attempts <> 1`)).toBe(0);

    // Each user's socket heard each of their generations complete once, and nothing failed.
    await eventually(
      async () => events.flat().filter((e) => e.event === 'generation:completed').length >= USERS * PER_USER,
      15_000,
      'every completion heard',
    );
    await new Promise((r) => setTimeout(r, 500));
    const heard = events
      .flat()
      .filter((e) => e.event === 'generation:completed')
      .map((e) => e.payload.id as string);
    expect(heard).toHaveLength(USERS * PER_USER);
    expect(new Set(heard)).toEqual(new Set(ids));
    expect(events.flat().filter((e) => e.event === 'generation:failed')).toHaveLength(0);

    // Once everything is done, a reconcile round finds nothing to do.
    await workers[0]!.drain(10_000);
    expect(await reconcileOnce(workers[0]!.services.ctx)).toEqual({ generations: 0, payments: 0, emails: 0, abandoned: 0, webhooks: 0 });
  }, 120_000);
});
