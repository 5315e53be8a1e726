/**
 * npm run bench:generate
 *
 * What the queue costs. With a zero-delay OpenAI stub as the provider, N generations go
 *  (a) the real way: POST /api/lines/generate -> PostgreSQL + BullMQ -> worker -> Socket.IO event,
 *      timed from sending the request to receiving generation:completed on a socket.io-client;
 *  (b) synchronously: the same work (quota, row, provider chain with streaming, row update, events)
 *      inside one request handler, timed from sending the request to its response.
 *  (c) the baseline: raw BullMQ in the same process, add -> no-op processor -> completion seen
 *      (QueueEvents), at the same concurrency: the floor any queue-based pipeline stands on.
 * All run api + worker in this one process (the `npm start` shape), with the same client
 * concurrency (and GENERATION_CONCURRENCY set to it), in interleaved rounds. Prints throughput,
 * p50/p99 latency, CPU milliseconds per generation (process.cpuUsage over the measured rounds; the
 * OpenAI stub runs in a child process so its CPU is not counted, the HTTP/socket client in this
 * process is) and the ratios; drops its database and Redis keys.
 *
 * `--profile`: also writes bench-generate.cpuprofile (the measured rounds) and prints the top 15
 * packages by self time.
 *
 * Messages per generation (in-process mode): every PostgreSQL statement, Redis command and PUBLISH
 * sent during the measured rounds of each mode, divided by its generations (bench/message-counter.ts),
 * with a breakdown by statement and command, and the Socket.IO frames (events) the user's socket
 * receives per generation; then the same for 20 compare requests of 3 tones (not timed). They do not
 * depend on the machine's load much (a busy machine spreads a stream's lines: more generation:lines).
 *
 * `--dist`: runs the compiled launcher (server/dist, api + worker in one process, as `npm start`
 * does) as a child process instead (bench/one-process.ts) and measures it from outside: its CPU per
 * generation and peak RSS, and what its memory is made of. The synchronous mode needs the sources
 * in this process, so `--dist` runs the queue mode and the raw BullMQ baseline only. `--heap-snapshot`
 * (with `--dist`) also has the launcher write a heap snapshot after the measured rounds.
 * Every result line prints os.loadavg(): the shared machine's load says how far timings can be trusted.
 *
 * BENCH_N (default 400) generations per mode, BENCH_CONCURRENCY (default 16) requests in flight.
 * BENCH_ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { io } from 'socket.io-client';
import { generationsRepository, loadConfig, schema, usageSubject } from '@gl/core/server';
import { getPlan } from '@gl/core';
import { processGeneration } from '@gl/worker/generation.processor';
import { startGeniusLines } from '@gl/server';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createTestDatabase } from '@gl/tests/helpers/database';
import { clearRedisPrefix } from '@gl/tests/helpers/redis';
import { startProfile, writeProfile } from './cpu-profile';
import { startStubProcess } from './stub-process';
import { installMessageCounter, messageCounter, perGeneration, type MessageCounts } from './message-counter';
import { startOneProcess, type OneProcess } from './one-process';

const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const N = Number(process.env.BENCH_N ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WARMUP = 20;
const ROUNDS = 4;
const PROFILE = process.argv.includes('--profile');
const DIST = process.argv.includes('--dist');
/** With --dist: a heap snapshot of the launcher after the measured rounds (open it in Chrome DevTools). */
const HEAP_SNAPSHOT = process.argv.includes('--heap-snapshot');
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
if (!DIST) installMessageCounter();
const BODY = { category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee', count: 4 } as const;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `total` tasks with `concurrency` in flight; returns each task's latency (ms) and the wall time. */
async function drive(total: number, concurrency: number, task: () => Promise<number>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        latencies.push(await task());
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), wallMs: performance.now() - started };
}

async function main() {
  const database = await createTestDatabase({ adminUrl: ADMIN_URL, prefix: 'gl_bench_gen' });
  const prefix = `glb-${randomBytes(4).toString('hex')}`;
  const stub = await startStubProcess('sk-bench');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    LOG_LEVEL: 'silent',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${stub.url}/v1`,
    GENERATE_RATE_LIMIT_PER_USER: '1000000',
    GENERATE_RATE_LIMIT_PER_IP: '1000000',
    // As many jobs in the worker as requests in flight: like for like with the request handler.
    GENERATION_CONCURRENCY: String(CONCURRENCY),
  };
  // In-process (the sources, through tsx) or the compiled launcher in a child process (--dist).
  const services = DIST ? undefined : await startGeniusLines(loadConfig({ ...env, NODE_ENV: 'test', PORT: '0' }));
  // NODE_ENV unset, as `npm start` runs it (development: the payment sandbox runs in the process too).
  const child: OneProcess | undefined = DIST ? await startOneProcess(env, { heapSnapshots: HEAP_SNAPSHOT }) : undefined;
  const url = services?.url ?? child!.url;

  // One pro user (unlimited), signed in over HTTP, listening on a real socket.
  const reg = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench-${prefix}@example.com`, password: 'bench-password' }),
  }).then((r) => r.json() as Promise<{ data: { user: { id: string }; token: string } }>);
  const { token } = reg.data;
  const userId = reg.data.user.id;
  if (services) await services.ctx.db.insert(schema.subscriptions).values({ userId, planId: 'pro', status: 'active' });
  else await database.query(`insert into subscriptions (user_id, plan_id, status) values ($1, 'pro', 'active')`, [userId]);

  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // Every Socket.IO event the user's socket receives (one frame each), counted per round like the messages.
  let framesReceived = 0;
  socket.onAny(() => framesReceived++);
  const completedAt = new Map<string, number>();
  const waiting = new Map<string, (t: number) => void>();
  socket.on('generation:completed', (p: { id: string }) => {
    const t = performance.now();
    const w = waiting.get(p.id);
    if (w) {
      waiting.delete(p.id);
      w(t);
    } else completedAt.set(p.id, t);
  });

  const viaQueue = async (): Promise<number> => {
    const sent = performance.now();
    const res = await fetch(`${url}/api/lines/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(BODY),
    });
    const body = (await res.json()) as { data: { generation: { id: string } } };
    if (res.status !== 202) throw new Error(`generate answered ${res.status}: ${JSON.stringify(body)}`);
    const id = body.data.generation.id;
    const done = completedAt.get(id) ?? (await new Promise<number>((resolve) => waiting.set(id, resolve)));
    completedAt.delete(id);
    return done - sent;
  };

  // The same work inside a request handler: quota, row, provider chain (streaming, events), row update.
  const plan = getPlan('pro');
  const syncApp = express();
  syncApp.use(express.json());
  syncApp.post('/generate-sync', async (_req, res) => {
    const ctx = services!.ctx;
    const subject = usageSubject({ userId });
    const { tone, ...brief } = BODY;
    const accepted = await generationsRepository.accept(ctx.db, { userId, subject, planId: plan.id, ...brief }, [tone], plan);
    const row = accepted!.rows[0]!;
    await processGeneration(row.id, ctx, { attemptsMade: 0, opts: { attempts: 1 } });
    const done = await generationsRepository.findById(ctx.db, row.id);
    res.json({ success: true, data: { id: row.id, lines: done!.lines, source: done!.source } });
  });
  const syncServer = http.createServer(syncApp);
  await new Promise<void>((resolve) => syncServer.listen(0, '127.0.0.1', () => resolve()));
  const syncUrl = `http://127.0.0.1:${(syncServer.address() as AddressInfo).port}`;
  const viaHandler = async (): Promise<number> => {
    const sent = performance.now();
    const res = await fetch(`${syncUrl}/generate-sync`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await res.json();
    if (res.status !== 200) throw new Error(`sync answered ${res.status}`);
    return performance.now() - sent;
  };

  // The baseline: raw BullMQ, a no-op processor, the completion seen through QueueEvents.
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const baselineQueue = new Queue('bench-baseline', { connection, prefix });
  // BullMQ leaves a connection it was given open: the bench closes these itself.
  const workerConnection = connection.duplicate();
  const eventsConnection = connection.duplicate();
  const baselineWorker = new Worker('bench-baseline', async () => undefined, {
    connection: workerConnection,
    prefix,
    concurrency: CONCURRENCY,
  });
  const baselineEvents = new QueueEvents('bench-baseline', { connection: eventsConnection, prefix });
  await baselineEvents.waitUntilReady();
  const baselineDone = new Map<string, (t: number) => void>();
  baselineEvents.on('completed', ({ jobId }) => baselineDone.get(jobId)?.(performance.now()));
  const viaBaseline = async (): Promise<number> => {
    const sent = performance.now();
    const job = await baselineQueue.add('noop', {}, { removeOnComplete: true });
    const done = await new Promise<number>((resolve) => baselineDone.set(job.id!, resolve));
    baselineDone.delete(job.id!);
    return done - sent;
  };

  try {
    await drive(WARMUP, 4, viaQueue);
    if (!DIST) await drive(WARMUP, 4, viaHandler);
    await drive(WARMUP, 4, viaBaseline);
    // Interleaved rounds (alternating which goes first), so both modes see the same machine load.
    const newMode = (task: () => Promise<number>) => ({
      task,
      latencies: [] as number[],
      wallMs: 0,
      cpuMs: 0,
      messages: [] as MessageCounts[],
      frames: 0,
    });
    type Mode = ReturnType<typeof newMode>;
    const modes: { queue: Mode; sync?: Mode; baseline: Mode } = {
      queue: newMode(viaQueue),
      ...(DIST ? {} : { sync: newMode(viaHandler) }),
      baseline: newMode(viaBaseline),
    };
    const names = Object.keys(modes) as Array<keyof typeof modes>;
    const perRound = Math.ceil(N / ROUNDS);
    const loads: string[] = [loadavg()];
    // The process that runs the app: this one, or the launcher child (--dist; the baseline always runs here).
    const appCpuMs = (name: string) => {
      if (child && name !== 'baseline') return child.cpuMs();
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, child ? child.rssMb().now : process.memoryUsage().rss / 1024 / 1024);
    }, 100);
    const stopProfile = PROFILE ? await startProfile() : undefined;
    for (let round = 0; round < ROUNDS; round++) {
      // A different mode first in each round, so all see the same machine load.
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length]!;
        const mode = modes[name]!;
        const cpu = appCpuMs(name);
        messageCounter.reset();
        messageCounter.start();
        const frames = framesReceived;
        const r = await drive(perRound, CONCURRENCY, mode.task);
        messageCounter.stop();
        mode.frames += framesReceived - frames;
        mode.cpuMs += appCpuMs(name) - cpu;
        mode.messages.push(messageCounter.read());
        mode.latencies.push(...r.latencies);
        mode.wallMs += r.wallMs;
      }
      loads.push(loadavg());
    }
    const profile = await stopProfile?.();
    clearInterval(rssTimer);

    const row = (name: string, r: Mode) => {
      r.latencies.sort((x, y) => x - y);
      return {
        mode: name,
        generations: r.latencies.length,
        'throughput (gen/s)': Number(((r.latencies.length / r.wallMs) * 1000).toFixed(1)),
        'p50 (ms)': Number(percentile(r.latencies, 50).toFixed(1)),
        'p99 (ms)': Number(percentile(r.latencies, 99).toFixed(1)),
        'CPU ms / gen': Number((r.cpuMs / r.latencies.length).toFixed(2)),
      };
    };
    const a = row(DIST ? 'one process (server/dist): HTTP -> queue -> worker -> socket' : 'HTTP -> queue -> worker -> socket', modes.queue);
    const b = modes.sync ? row('synchronous in the request handler', modes.sync) : undefined;
    const c = row('baseline: raw BullMQ add -> no-op -> completed', modes.baseline);
    console.log(
      `\nGeneration pipeline${DIST ? ' (compiled launcher, one process)' : ' (sources through tsx, in this process)'}, zero-delay OpenAI stub, ` +
        `${CONCURRENCY} in flight, ${N} per mode (node ${process.version})\n` +
        `load average (1 / 5 / 15 min) at the start and after each round: ${loads.join(' | ')}\n`,
    );
    console.table(b ? [a, b, c] : [a, c]);
    if (b) {
      console.log(
        `Queue vs synchronous: p50 x${(a['p50 (ms)'] / b['p50 (ms)']).toFixed(2)}, p99 x${(a['p99 (ms)'] / b['p99 (ms)']).toFixed(2)}, ` +
          `throughput x${(a['throughput (gen/s)'] / b['throughput (gen/s)']).toFixed(2)}, CPU/gen x${(a['CPU ms / gen'] / b['CPU ms / gen']).toFixed(2)}`,
      );
    }
    console.log(
      `Queue vs raw BullMQ baseline: throughput x${(a['throughput (gen/s)'] / c['throughput (gen/s)']).toFixed(3)}, ` +
        `CPU/gen x${(a['CPU ms / gen'] / c['CPU ms / gen']).toFixed(2)}, p50 x${(a['p50 (ms)'] / c['p50 (ms)']).toFixed(2)}\n`,
    );
    if (child) {
      const rss = child.rssMb();
      console.log(
        `One process: peak RSS ${rss.peak} MB (VmHWM), ${rss.now} MB now; sampled peak during the rounds ${Math.round(peakRss)} MB`,
      );
      console.table([await child.memory()]);
      if (HEAP_SNAPSHOT) console.log(`Heap snapshot of the launcher: ${await child.heapSnapshot()}`);
    } else {
      const m = process.memoryUsage();
      const mb = (x: number) => Math.round(x / 1024 / 1024);
      console.log(
        `This process (app + bench client + baseline): peak RSS sampled ${Math.round(peakRss)} MB; now rss ${mb(m.rss)} MB, ` +
          `heap ${mb(m.heapUsed)} / ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, array buffers ${mb(m.arrayBuffers)} MB\n`,
      );
      const sum = (list: MessageCounts[]): MessageCounts =>
        list.reduce(
          (acc, x) => {
            const merge = (into: Record<string, number>, from: Record<string, number>) => {
              for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
            };
            merge(acc.pgByKind, x.pgByKind);
            merge(acc.redisByKind, x.redisByKind);
            return {
              ...acc,
              pgStatements: acc.pgStatements + x.pgStatements,
              redisCommands: acc.redisCommands + x.redisCommands,
              redisRoundTrips: acc.redisRoundTrips + x.redisRoundTrips,
              publishes: acc.publishes + x.publishes,
            };
          },
          { pgStatements: 0, redisCommands: 0, redisRoundTrips: 0, publishes: 0, pgByKind: {}, redisByKind: {} } as MessageCounts,
        );
      for (const [name, label] of [
        ['queue', 'HTTP -> queue -> worker -> socket'],
        ['sync', 'synchronous in the request handler'],
        ['baseline', 'raw BullMQ baseline (per job)'],
      ] as const) {
        const mode = modes[name as keyof typeof modes];
        if (!mode) continue;
        console.log(`Messages per generation, ${label} (all processes' clients in this one):`);
        console.table([
          ...perGeneration(sum(mode.messages), mode.latencies.length),
          ...(name === 'queue'
            ? [
                {
                  what: "Socket.IO frames to the user's socket",
                  'per generation': Number((mode.frames / mode.latencies.length).toFixed(2)),
                },
              ]
            : []),
        ]);
      }
      // Compare (POST /lines/compare, 3 tones, one at a time): its messages per generation, counted the
      // same way after the timed rounds (not timed itself).
      const COMPARE_RUNS = 20;
      const { tone: _tone, ...brief } = BODY;
      messageCounter.reset();
      messageCounter.start();
      const framesBefore = framesReceived;
      for (let i = 0; i < COMPARE_RUNS; i++) {
        const res = await fetch(`${url}/api/lines/compare`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...brief, tones: ['bold', 'funny', 'romantic'] }),
        });
        const body = (await res.json()) as { data: { generations: Array<{ id: string }> } };
        if (res.status !== 202) throw new Error(`compare answered ${res.status}: ${JSON.stringify(body)}`);
        await Promise.all(
          body.data.generations.map(({ id }) =>
            completedAt.has(id) ? completedAt.delete(id) : new Promise<number>((resolve) => waiting.set(id, resolve)),
          ),
        );
      }
      messageCounter.stop();
      console.log(`Messages per generation, compare (3 tones per request, ${COMPARE_RUNS} requests, one at a time):`);
      console.table([
        ...perGeneration(messageCounter.read(), COMPARE_RUNS * 3),
        {
          what: "Socket.IO frames to the user's socket",
          'per generation': Number(((framesReceived - framesBefore) / (COMPARE_RUNS * 3)).toFixed(2)),
        },
      ]);
    }
    if (profile) writeProfile(profile, 'bench-generate.cpuprofile');
  } finally {
    await baselineWorker.close();
    await baselineEvents.close();
    await baselineQueue.close();
    connection.disconnect();
    workerConnection.disconnect();
    eventsConnection.disconnect();
    socket.disconnect();
    await new Promise<void>((resolve) => syncServer.close(() => resolve()));
    await services?.close();
    await child?.close();
    await stub.close();
    await database.drop();
    await clearRedisPrefix(prefix, REDIS_URL);
  }
}

await main();
