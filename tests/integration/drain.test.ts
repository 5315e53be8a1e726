import http from 'node:http';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../helpers/balancer';
import { clusterEnv, startCluster, startRole, stopAll, type Cluster, type RoleProcess } from '../helpers/cluster';
import { countGenerations, createTestDatabase, type TestDatabase } from '../helpers/database';
import { freePort } from '../helpers/process';
import { eventually } from '../helpers/eventually';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from '../helpers/redis';
import { apiClient, startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, recordEvents, type TestSocket } from '../helpers/socket';
import { grantPlan, markVerified, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';

/**
 * SIGTERM drains (DESIGN §19): a worker finishes the jobs it holds and takes no new one; an api
 * answers GET /api/ready 503 at once, stops accepting, tells its sockets to reconnect (they reach
 * the other api through the balancer) and exits once its requests in flight are answered.
 * Nothing is lost, nothing happens twice, no request fails.
 */
const LINES = ['Brew the bold morning', 'Every cup a fresh start', 'Steam, sip, shine', 'Your daily spark'];

let openai: ChatStub | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await openai?.close();
}, 90_000);

async function stub(): Promise<ChatStub> {
  openai ??= await startOpenAiStub({ apiKey: 'sk-drain' });
  return openai;
}

/** An api on a database and Redis prefix of its own; worker processes and a socket are added by the test, and all are stopped after it. */
async function apiOnItsOwnDatabase() {
  const database: TestDatabase = await createTestDatabase();
  const prefix = testPrefix();
  const api: TestServer = await startTestServer({ roles: ['api'], database, prefix });
  const processes: RoleProcess[] = [];
  const held: { socket?: TestSocket } = {};
  cleanups.push(async () => {
    held.socket?.disconnect();
    await stopAll(processes);
    await api.stop();
    await clearRedisPrefix(prefix);
    await database.drop();
  });
  return { database, prefix, api, processes, held };
}

describe('SIGTERM to a worker with 16 generations in flight', () => {
  it('finishes the 16, exits 0, takes nothing new; the next worker runs the rest; each completes and is delivered once', async () => {
    const TOTAL = 24;
    const IN_FLIGHT = 16;
    const chat = await stub();
    chat.setBehaviour({ kind: 'ok', delayMs: 2500, lines: LINES });
    const { database, prefix, api, processes, held } = await apiOnItsOwnDatabase();
    const env = {
      ...clusterEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL, prefix }),
      OPENAI_API_KEY: 'sk-drain',
      OPENAI_BASE_URL: `${chat.url}/v1`,
      GENERATION_CONCURRENCY: String(IN_FLIGHT),
    };
    const metricsPort = await freePort();
    const user = await registerUser(api);
    await grantPlan(database, user.id, 'business');
    const socket = await connectSocket(api.url, { token: user.token });
    held.socket = socket;
    const events = recordEvents(socket, ['generation:completed', 'generation:failed']);

    const first = await startRole('worker', { ...env, METRICS_PORT: String(metricsPort) });
    processes.push(first);
    // The worker's probes (METRICS_PORT): ready while PostgreSQL and Redis answer; alive.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(200);
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/livez`)).json()).toEqual({ status: 'live' });
    const ids: string[] = [];
    for (let i = 0; i < TOTAL; i++) {
      const res = await api.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold', topic: `Duka ${i}` } });
      expect(res.status).toBe(202);
      ids.push(res.body.data.generation.id);
    }
    await chat.waitForRequests(IN_FLIGHT, 30_000);
    expect(await first.stop()).toBe(0);
    expect(first.handle.output()).not.toMatch(/"level":(50|60)/);
    // The 16 it held were finished (not half-done), and it took none of the rest.
    expect(await countGenerations(database, `status = 'completed'`)).toBe(IN_FLIGHT);
    expect(chat.requests).toHaveLength(IN_FLIGHT);
    expect(await countGenerations(database, `status = 'pending' and attempts = 0`)).toBe(TOTAL - IN_FLIGHT);

    const second = await startRole('worker', env);
    processes.push(second);
    await eventually(async () => (await countGenerations(database, `status = 'completed'`)) === TOTAL, 60_000, 'all completed');
    await eventually(async () => events.filter((e) => e.event === 'generation:completed').length >= TOTAL, 10_000, 'all delivered');
    await new Promise((r) => setTimeout(r, 500));
    const completed = events.filter((e) => e.event === 'generation:completed').map((e) => e.payload.id as string);
    expect(completed).toHaveLength(TOTAL);
    expect(new Set(completed)).toEqual(new Set(ids));
    expect(events.filter((e) => e.event === 'generation:failed')).toHaveLength(0);
    expect(await countGenerations(database, `attempts <> 1`)).toBe(0);
    expect(chat.requests).toHaveLength(TOTAL);
  }, 150_000);
});

describe('SIGTERM to a worker whose job outlasts SHUTDOWN_GRACE_MS', () => {
  it('exits within the grace period and leaves the job to the next worker, which completes it once', async () => {
    const chat = await stub();
    const { database, prefix, api, processes, held } = await apiOnItsOwnDatabase();
    const env = {
      ...clusterEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL, prefix }),
      OPENAI_API_KEY: 'sk-drain',
      OPENAI_BASE_URL: `${chat.url}/v1`,
      SHUTDOWN_GRACE_MS: '1000',
      // A job whose worker left is picked up again within a few seconds.
      WORKER_LOCK_DURATION_MS: '2000',
      WORKER_STALLED_INTERVAL_MS: '1000',
    };
    const user = await registerUser(api);
    const socket = await connectSocket(api.url, { token: user.token });
    held.socket = socket;
    const events = recordEvents(socket, ['generation:completed', 'generation:failed']);

    // The provider takes 8 s for the first request (longer than the grace), then answers at once.
    chat.setBehaviour({ kind: 'ok', delayMs: 0, lines: LINES });
    chat.queue({ kind: 'ok', delayMs: 8000, lines: LINES });
    const before = chat.requests.length;
    const first = await startRole('worker', env);
    processes.push(first);
    const res = await api.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold', topic: 'Long brew' } });
    expect(res.status).toBe(202);
    const id = res.body.data.generation.id as string;
    await chat.waitForRequests(before + 1, 30_000);

    expect(await first.stop(), first.handle.output()).toBe(0);
    // Left, not half-done: PostgreSQL shows it unfinished, with no lines.
    const [row] = await database.query<{ status: string; lines: unknown }>(`select status, lines from generations where id = $1`, [id]);
    expect(['pending', 'running']).toContain(row!.status);
    expect(row!.lines ?? []).toEqual([]);

    const second = await startRole('worker', env);
    processes.push(second);
    await eventually(
      async () => (await countGenerations(database, `id = '${id}' and status = 'completed'`)) === 1,
      60_000,
      'completed by the next worker',
    );
    await eventually(async () => events.some((e) => e.event === 'generation:completed'), 10_000, 'delivered');
    await new Promise((r) => setTimeout(r, 500));
    expect(events.filter((e) => e.event === 'generation:completed')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'generation:failed')).toHaveLength(0);
  }, 120_000);
});

/** POST through the balancer on a connection of its own (as many browsers do): status, or the network error. */
function post(url: string, path: string, token: string, body: unknown): Promise<number | string> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = http.request(
      `${url}/api${path}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (err) => resolve(`network: ${err.message}`));
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.end(data);
  });
}

describe('SIGTERM to an api with 100 sockets and requests in flight', () => {
  let cluster: Cluster;
  let balancer: Balancer;

  it('ready turns 503, requests in flight are answered, sockets reconnect to the other api; nothing fails, lost or twice', async () => {
    const SOCKETS = 100;
    const USERS = 4;
    const chat = await stub();
    // A public-API generation waits for its job: 1.5 s at the provider keeps it in flight at the api.
    chat.setBehaviour({ kind: 'ok', delayMs: 1500, lines: LINES });
    cluster = await startCluster({
      apis: 2,
      workers: 1,
      env: () => ({
        OPENAI_API_KEY: 'sk-drain',
        OPENAI_BASE_URL: `${chat.url}/v1`,
        GENERATION_CONCURRENCY: '16',
        GENERATE_RATE_LIMIT_PER_USER: '100000',
        GENERATE_RATE_LIMIT_PER_IP: '100000',
        SOCKET_CONNECTIONS_PER_IP: '100000',
        SHUTDOWN_DELAY_MS: '1500',
      }),
    });
    const [apiA, apiB] = cluster.apis as [RoleProcess, RoleProcess];
    const portOf = (p: RoleProcess) => Number(new URL(p.url).port);
    balancer = await startBalancer([portOf(apiA), portOf(apiB)]);
    cleanups.push(async () => {
      await balancer.close();
      await cluster.stop();
    });
    const a = apiClient(apiA.url);
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const u = await registerUser(a);
      await grantPlan(cluster.database, u.id, 'business');
      await markVerified(cluster.database, u.id);
      users.push(u);
    }
    const key = await a.api('/api-keys', { token: users[0]!.token, body: { name: 'drain' } });
    expect(key.status).toBe(201);
    const apiKey = key.body.data.key as string;

    // 100 sockets through the balancer: all on api A (the first backend) until it drains.
    const sockets = users.flatMap((u, ui) =>
      Array.from({ length: SOCKETS / USERS }, () => {
        const s = io(balancer.url, {
          auth: { token: u.token },
          transports: ['websocket'],
          forceNew: true,
          reconnectionDelay: 200,
          reconnectionDelayMax: 1000,
        });
        return { s, user: ui, connects: 0, completions: new Map<string, number>() };
      }),
    );
    cleanups.push(async () => sockets.forEach(({ s }) => s.disconnect()));
    const connectErrors: string[] = [];
    for (const entry of sockets) {
      entry.s.on('connect', () => entry.connects++);
      entry.s.on('connect_error', (e: Error) => connectErrors.push(e.message));
      entry.s.on('generation:completed', (p: { id: string }) => entry.completions.set(p.id, (entry.completions.get(p.id) ?? 0) + 1));
    }
    await eventually(async () => sockets.every((e) => e.connects === 1), 30_000, 'sockets connected');
    expect(balancer.connections.get(portOf(apiB)) ?? 0).toBe(0);

    // In flight on api A when the signal comes: 8 public-API generations waiting for their lines.
    const slow = Array.from({ length: 8 }, (_, i) =>
      fetch(`${apiA.url}/api/v1/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ category: 'taglines', tone: 'bold', prompt: `Drain ${i}` }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as any })),
    );
    await chat.waitForRequests(8, 30_000);
    // And a steady stream of requests through the balancer.
    const statuses: Array<number | string> = [];
    const accepted: string[] = [];
    let streaming = true;
    const stream = (async () => {
      let i = 0;
      const pending: Promise<void>[] = [];
      while (streaming) {
        const u = users[i % USERS]!;
        pending.push(
          post(balancer.url, '/lines/generate', u.token, { category: 'taglines', tone: 'bold', topic: `Stream ${i}` }).then((s) => {
            statuses.push(s);
          }),
        );
        i++;
        await new Promise((r) => setTimeout(r, 50));
      }
      await Promise.all(pending);
    })();
    await new Promise((r) => setTimeout(r, 500));

    apiA.handle.child.kill('SIGTERM');
    // At once: not ready (it still serves during SHUTDOWN_DELAY_MS); alive.
    const ready = await eventually(
      async () => {
        const res = await fetch(`${apiA.url}/api/ready`);
        return res.status === 503 ? ((await res.json()) as any) : undefined;
      },
      1_000,
      'api A not ready',
    );
    expect(ready).toMatchObject({ success: false, code: 'UNAVAILABLE', data: { status: 'not_ready', draining: true } });
    expect((await fetch(`${apiA.url}/api/live`)).status).toBe(200);
    expect((await fetch(`${apiB.url}/api/ready`)).status).toBe(200);

    // It exits 0 once the requests it held are answered; each of those got its lines.
    expect(await apiA.handle.exited).toBe(0);
    const answers = await Promise.all(slow);
    for (const ans of answers) {
      expect(ans.status, JSON.stringify(ans.body)).toBe(200);
      expect(ans.body.lines).toHaveLength(4);
    }
    // Every socket reconnected by itself, to api B.
    await eventually(async () => sockets.every((e) => e.connects === 2 && e.s.connected), 30_000, 'sockets reconnected').catch(
      (err: Error) => {
        // Which sockets, and why (a handshake refused by the middleware is not retried by the client).
        const seen: Record<string, number> = {};
        for (const e of sockets) {
          const state = `connects ${e.connects}, connected ${e.s.connected}`;
          seen[state] = (seen[state] ?? 0) + 1;
        }
        throw new Error(`${err.message}: ${JSON.stringify(seen)}; connect errors ${JSON.stringify(connectErrors.slice(0, 10))}`);
      },
    );
    expect(balancer.connections.get(portOf(apiB))).toBeGreaterThanOrEqual(SOCKETS);

    await new Promise((r) => setTimeout(r, 1000));
    streaming = false;
    await stream;
    // No request failed: every one was accepted, by A before it stopped accepting or by B after.
    expect(statuses.filter((s) => s !== 202)).toEqual([]);
    accepted.push(
      ...(await cluster.database.query<{ id: string }>(`select id from generations where topic like 'Stream %'`)).map((r) => r.id),
    );
    expect(accepted).toHaveLength(statuses.length);

    // Later events reach every socket, once.
    const later: string[] = [];
    for (const u of users) {
      const res = await apiClient(apiB.url).api('/lines/generate', {
        token: u.token,
        body: { category: 'taglines', tone: 'bold', topic: 'After' },
      });
      expect(res.status).toBe(202);
      later.push(res.body.data.generation.id);
    }
    await eventually(async () => sockets.every((e) => e.completions.has(later[e.user]!)), 30_000, 'later events heard');
    await eventually(
      async () => (await countGenerations(cluster.database, `status = 'completed'`)) === accepted.length + later.length + 8,
      60_000,
      'every generation completed',
    );
    await new Promise((r) => setTimeout(r, 500));
    for (const e of sockets) for (const [id, n] of e.completions) expect(n, `socket heard ${id}`).toBe(1);
    expect(await countGenerations(cluster.database, `attempts <> 1`)).toBe(0);
    expect(apiB.handle.child.exitCode).toBeNull();
  }, 200_000);
});
