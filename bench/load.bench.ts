/**
 * npm run bench:load
 *
 * The production shape under load, on one machine: 2 api processes and 2 worker processes
 * (real PostgreSQL, real Redis, a zero-delay OpenAI stub as the provider). LOAD_SOCKETS
 * socket.io clients (default 500) connect, spread over LOAD_USERS pro users (default 100) and
 * both api processes; then LOAD_RATE generations a second (default 100) are sent for
 * LOAD_SECONDS (default 30), open loop, alternating api processes.
 *
 * Prints: throughput, accept latency (request -> 202) and accept-to-completed latency
 * (202 -> first generation:completed on one of the user's sockets) at p50/p95/p99, peak RSS of
 * each process, and the count of lost generations (accepted, never completed) and duplicated
 * deliveries (one socket hearing the same completion twice). Exits 1 if any were lost or duplicated.
 *
 * What one worker process handles (docs/operations.md): LOAD_WORKERS (default 2) worker processes;
 * LOAD_PROVIDER=offline runs without an AI key (the built-in writer); LOAD_PROVIDER_DELAY_MS makes
 * the stub a slow provider (it waits that long before answering); LOAD_CONCURRENCY sets each
 * worker's GENERATION_CONCURRENCY (default 8).
 *
 * The per-user / per-IP generate limits and the per-IP socket cap are raised for the run: every
 * client here shares one IP. Drops its database and Redis keys afterwards.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { clusterEnv, startRole, stopAll, type RoleProcess } from '@gl/tests/helpers/cluster';
import { createTestDatabase } from '@gl/tests/helpers/database';
import { clearRedisPrefix, testPrefix } from '@gl/tests/helpers/redis';
import { startOpenAiStub } from '@gl/tests/stubs/openai.stub';
import { freePort, waitForReady } from '@gl/tests/helpers/process';
import { ownLoopWindow, startLoopWindow } from './loop-stats';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SOCKETS = Number(process.env.LOAD_SOCKETS ?? 500);
const USERS = Number(process.env.LOAD_USERS ?? 100);
const RATE = Number(process.env.LOAD_RATE ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
/** Extra node flags for the api and worker processes (e.g. V8 heap sizes), space-separated. */
const NODE_ARGS = (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
const WORKERS = Number(process.env.LOAD_WORKERS ?? 2);
const OFFLINE = process.env.LOAD_PROVIDER === 'offline';
const PROVIDER_DELAY_MS = Number(process.env.LOAD_PROVIDER_DELAY_MS ?? 0);
const CONCURRENCY = process.env.LOAD_CONCURRENCY;
const PROVIDER = OFFLINE
  ? 'the offline writer (no AI key)'
  : PROVIDER_DELAY_MS
    ? `an OpenAI stub answering after ${PROVIDER_DELAY_MS} ms`
    : 'zero-delay OpenAI stub';
const DRAIN_TIMEOUT_MS = 60_000;
const BODY = JSON.stringify({ category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee', count: 4 });

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function post(url: string, path: string, body: string, token?: string) {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function main() {
  const database = await createTestDatabase();
  const prefix = testPrefix();
  const stub = await startOpenAiStub({ apiKey: 'sk-load' });
  if (PROVIDER_DELAY_MS) stub.setBehaviour({ kind: 'ok', delayMs: PROVIDER_DELAY_MS });
  const processes: RoleProcess[] = [];
  const sockets: Socket[] = [];
  const env = {
    ...clusterEnv({ databaseUrl: database.url, redisUrl: REDIS_URL, prefix }),
    LOG_LEVEL: 'warn',
    ...(OFFLINE ? {} : { OPENAI_API_KEY: 'sk-load', OPENAI_BASE_URL: `${stub.url}/v1` }),
    ...(CONCURRENCY ? { GENERATION_CONCURRENCY: CONCURRENCY } : {}),
    GENERATE_RATE_LIMIT_PER_USER: '1000000',
    GENERATE_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    SOCKET_CONNECTIONS_PER_IP: '100000',
  };
  try {
    // Each worker serves its metrics on a port of its own (the api serves them at /metrics).
    const metricsUrl = new Map<RoleProcess, string>();
    const start = async (role: 'api' | 'worker') => {
      const port = role === 'worker' ? await freePort() : 0;
      const p = await startRole(role, role === 'worker' ? { ...env, METRICS_PORT: String(port) } : env, { nodeArgs: NODE_ARGS });
      // An api takes traffic once GET /api/ready answers 200 (warmed up, PostgreSQL and Redis answering), as a balancer would wait.
      if (role === 'api') await waitForReady(p.url);
      metricsUrl.set(p, role === 'api' ? `${p.url}/metrics` : `http://127.0.0.1:${port}/metrics`);
      return p;
    };
    const apiA = await start('api');
    processes.push(apiA);
    processes.push(...(await Promise.all([start('api'), ...Array.from({ length: WORKERS }, () => start('worker'))])));
    const apis = processes.filter((p) => p.role === 'api').map((p) => p.url);
    const peak = new Map<RoleProcess, number>();
    const sample = () => {
      for (const p of processes) peak.set(p, Math.max(peak.get(p) ?? 0, rssMb(p.handle.child.pid!) || 0));
    };
    sample();
    const sampler = setInterval(sample, 500);

    // Pro users (unlimited daily generations), each with SOCKETS / USERS sockets across both apis.
    const users: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < USERS; i++) {
      const email = `load-${prefix}-${i}@example.com`;
      const reg = await post(apis[i % 2]!, '/auth/register', JSON.stringify({ name: `Load ${i}`, email, password: 'load-password' }));
      if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
      users.push({ id: reg.body.data.user.id, token: reg.body.data.token });
    }
    await database.query(
      `insert into subscriptions (user_id, plan_id, status) select id, 'pro', 'active' from users where id = any($1::uuid[])`,
      [users.map((u) => u.id)],
    );

    const acceptedAt = new Map<string, number>();
    const firstCompletedAt = new Map<string, number>();
    let duplicated = 0;
    const connectStarted = performance.now();
    await Promise.all(
      Array.from({ length: SOCKETS }, async (_, i) => {
        const user = users[i % USERS]!;
        const socket = io(apis[i % 2]!, { auth: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
        sockets.push(socket);
        const heard = new Set<string>();
        socket.on('generation:completed', (p: { id: string }) => {
          const t = performance.now();
          if (heard.has(p.id)) duplicated++;
          heard.add(p.id);
          if (!firstCompletedAt.has(p.id)) firstCompletedAt.set(p.id, t);
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
    const connectMs = performance.now() - connectStarted;

    // Open loop: request k leaves at start + k / RATE seconds, whatever the earlier ones are doing.
    const total = RATE * SECONDS;
    const acceptLatency: number[] = [];
    const refused = new Map<number, number>();
    const inFlight: Promise<void>[] = [];
    const loops = await startLoopWindow(processes.map((p) => metricsUrl.get(p)!));
    const ownLoop = ownLoopWindow();
    const started = performance.now();
    for (let k = 0; k < total; k++) {
      const due = started + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const user = users[k % USERS]!;
      const url = apis[k % 2]!;
      inFlight.push(
        (async () => {
          const sent = performance.now();
          try {
            const res = await post(url, '/lines/generate', BODY, user.token);
            const at = performance.now();
            if (res.status === 202) {
              acceptedAt.set(res.body.data.generation.id, at);
              acceptLatency.push(at - sent);
            } else refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
          } catch {
            refused.set(0, (refused.get(0) ?? 0) + 1);
          }
        })(),
      );
    }
    await Promise.all(inFlight);
    const sendWindowMs = performance.now() - started;
    const drainDeadline = performance.now() + DRAIN_TIMEOUT_MS;
    while ([...acceptedAt.keys()].some((id) => !firstCompletedAt.has(id)) && performance.now() < drainDeadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const lastCompletion = Math.max(...firstCompletedAt.values());
    const loopStats = await loops.end();
    const ownLoopStats = ownLoop.end();
    await new Promise((r) => setTimeout(r, 1000)); // late duplicates would show up here
    clearInterval(sampler);
    sample();

    const endToEnd = [...acceptedAt].filter(([id]) => firstCompletedAt.has(id)).map(([id, at]) => firstCompletedAt.get(id)! - at);
    endToEnd.sort((x, y) => x - y);
    acceptLatency.sort((x, y) => x - y);
    const lost = [...acceptedAt.keys()].filter((id) => !firstCompletedAt.has(id)).length;
    const [stored] = await database.query<{ n: number }>(`select count(*)::int as n from generations where status = 'completed'`);
    const storedCompleted = stored!.n;
    const ms = (v: number) => Number(v.toFixed(1));

    console.log(
      `\nLoad: ${SOCKETS} sockets (${USERS} users) on 2 api processes, ${RATE} generations/s for ${SECONDS} s, ${WORKERS} worker(s) (GENERATION_CONCURRENCY ${CONCURRENCY ?? 8}), ${PROVIDER} (node ${process.version})\n`,
    );
    console.log(`sockets connected in ${ms(connectMs)} ms`);
    console.table([
      {
        sent: total,
        accepted: acceptedAt.size,
        refused: [...refused].map(([s, n]) => `${s}:${n}`).join(' ') || 0,
        'offered (gen/s)': ms((total / sendWindowMs) * 1000),
        'completed (gen/s)': ms((firstCompletedAt.size / (lastCompletion - started)) * 1000),
        'completed in PostgreSQL': storedCompleted,
        lost,
        duplicated,
      },
    ]);
    console.table([
      {
        latency: 'request -> 202',
        'p50 (ms)': ms(percentile(acceptLatency, 50)),
        'p95 (ms)': ms(percentile(acceptLatency, 95)),
        'p99 (ms)': ms(percentile(acceptLatency, 99)),
      },
      {
        latency: '202 -> completed',
        'p50 (ms)': ms(percentile(endToEnd, 50)),
        'p95 (ms)': ms(percentile(endToEnd, 95)),
        'p99 (ms)': ms(percentile(endToEnd, 99)),
      },
    ]);
    console.table(
      [...peak]
        .map(([p, mb]) => ({ process: `${p.role} pid ${p.handle.child.pid}`, 'peak RSS (MB)': ms(mb) }))
        .concat([{ process: `load generator + stub pid ${process.pid}`, 'peak RSS (MB)': ms(process.memoryUsage().rss / 1048576) }]),
    );
    // Where the tail is: each process's event-loop delay and GC over the load, and when the slowest 1 % completed.
    console.log('\nEvent-loop delay and garbage collection over the load (each process, from its own metrics):');
    console.table(
      processes
        .map((p, i) => {
          const l = loopStats[i]!;
          return {
            process: `${p.role} pid ${p.handle.child.pid}`,
            'loop p50 (ms)': ms(l.p50),
            'loop p99 (ms)': ms(l.p99),
            'loop max (ms)': ms(l.max),
            'GC (ms)': ms(l.gcMs),
            'major GC (ms)': ms(l.majorGcMs),
            'GC pauses': l.gcCount,
          } as Record<string, string | number>;
        })
        .concat([
          {
            process: `load generator pid ${process.pid}`,
            'loop p50 (ms)': ms(ownLoopStats.p50),
            'loop p99 (ms)': ms(ownLoopStats.p99),
            'loop max (ms)': ms(ownLoopStats.max),
          },
        ]),
    );
    // The same latency without the first two seconds after start (connections, JIT and workers warming).
    const steady = [...acceptedAt]
      .filter(([id, at]) => firstCompletedAt.has(id) && at - started >= 2000)
      .map(([id, at]) => firstCompletedAt.get(id)! - at)
      .sort((x, y) => x - y);
    console.log(
      `202 -> completed from the third second on (${steady.length} generations): p50 ${ms(percentile(steady, 50))} ms, p95 ${ms(percentile(steady, 95))} ms, p99 ${ms(percentile(steady, 99))} ms`,
    );
    const slowAt = percentile(endToEnd, 99);
    const slowBySecond = new Map<number, number>();
    for (const [id, at] of acceptedAt) {
      const done = firstCompletedAt.get(id);
      if (done !== undefined && done - at >= slowAt)
        slowBySecond.set(Math.floor((at - started) / 1000), (slowBySecond.get(Math.floor((at - started) / 1000)) ?? 0) + 1);
    }
    console.log(
      `the slowest 1 % (202 -> completed >= ${ms(slowAt)} ms) by second of the run it was accepted in: ${[...slowBySecond]
        .sort(([a], [b]) => a - b)
        .map(([sec, n]) => `${sec}s:${n}`)
        .join(' ')}`,
    );
    process.exitCode = lost === 0 && duplicated === 0 && refused.size === 0 ? 0 : 1;
  } finally {
    for (const s of sockets) s.disconnect();
    await stopAll(processes);
    await stub.close();
    await clearRedisPrefix(prefix, REDIS_URL);
    await database.drop();
  }
}

await main();
