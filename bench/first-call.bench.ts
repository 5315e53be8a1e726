/**
 * npm run bench:first-call
 *
 * What the first generations of a new process pay that later ones do not. One api process and one
 * worker process of the compiled build (real PostgreSQL and Redis, a zero-delay OpenAI stub), each
 * started as bench:load starts them (the api is waited for until GET /api/ready answers 200); then
 * FIRST_CALL_N generations (default 30) one at a time, each waited for to completion before the
 * next. For each, the time the processes themselves measured (their Prometheus histograms, read
 * before and after: the api's POST /lines/generate, the worker's generation job, the provider call),
 * so the machine's load shows less than in an end-to-end latency: the first three generations and
 * the median of the last two thirds are printed, with their ratio.
 */
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { clusterEnv, startRole, stopAll, type RoleProcess } from '@gl/tests/helpers/cluster';
import { createTestDatabase } from '@gl/tests/helpers/database';
import { clearRedisPrefix, testPrefix } from '@gl/tests/helpers/redis';
import { startOpenAiStub } from '@gl/tests/stubs/openai.stub';
import { freePort, waitForReady } from '@gl/tests/helpers/process';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const N = Number(process.env.FIRST_CALL_N ?? 30);
const BODY = JSON.stringify({ category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee', count: 4 });

/** Sum of a histogram's `_sum` samples whose labels contain `match`, in milliseconds. */
async function histogramSumMs(url: string, name: string, match: string): Promise<number> {
  const text = await (await fetch(url)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name}_sum`) && line.includes(match)) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum * 1000;
}

async function main() {
  const database = await createTestDatabase();
  const prefix = testPrefix();
  const stub = await startOpenAiStub({ apiKey: 'sk-first' });
  const processes: RoleProcess[] = [];
  const env = {
    ...clusterEnv({ databaseUrl: database.url, redisUrl: REDIS_URL, prefix }),
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: 'sk-first',
    OPENAI_BASE_URL: `${stub.url}/v1`,
  };
  try {
    const metricsPort = await freePort();
    const t0 = performance.now();
    const api = await startRole('api', env);
    await waitForReady(api.url);
    const apiReadyMs = performance.now() - t0;
    const t1 = performance.now();
    const worker = await startRole('worker', { ...env, METRICS_PORT: String(metricsPort) });
    const workerReadyMs = performance.now() - t1;
    processes.push(api, worker);
    const apiMetrics = `${api.url}/metrics`;
    const workerMetrics = `http://127.0.0.1:${metricsPort}/metrics`;

    const reg = await fetch(`${api.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'First', email: `first-${prefix}@example.com`, password: 'first-password' }),
    });
    const { data } = (await reg.json()) as { data: { user: { id: string }; token: string } };
    await database.query(`insert into subscriptions (user_id, plan_id, status) values ($1, 'pro', 'active')`, [data.user.id]);
    const socket = io(api.url, { auth: { token: data.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    const rows: Array<{ accept: number; job: number; provider: number; total: number }> = [];
    for (let i = 0; i < N; i++) {
      const before = await Promise.all([
        histogramSumMs(apiMetrics, 'gl_http_request_duration_seconds', 'lines/generate'),
        histogramSumMs(workerMetrics, 'gl_job_duration_seconds', 'queue="generation"'),
        histogramSumMs(workerMetrics, 'gl_generation_provider_duration_seconds', ''),
      ]);
      const sent = performance.now();
      const res = await fetch(`${api.url}/api/lines/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
        body: BODY,
      });
      const body = (await res.json()) as { data: { generation: { id: string } } };
      if (res.status !== 202) throw new Error(`generate answered ${res.status}`);
      const id = body.data.generation.id;
      await new Promise<void>((resolve) => {
        const onDone = (p: { id: string }) => {
          if (p.id !== id) return;
          socket.off('generation:completed', onDone);
          resolve();
        };
        socket.on('generation:completed', onDone);
      });
      const total = performance.now() - sent;
      // The job's histogram is observed after the socket event: wait for it.
      await new Promise((r) => setTimeout(r, 50));
      const after = await Promise.all([
        histogramSumMs(apiMetrics, 'gl_http_request_duration_seconds', 'lines/generate'),
        histogramSumMs(workerMetrics, 'gl_job_duration_seconds', 'queue="generation"'),
        histogramSumMs(workerMetrics, 'gl_generation_provider_duration_seconds', ''),
      ]);
      rows.push({ accept: after[0] - before[0], job: after[1] - before[1], provider: after[2] - before[2], total });
    }
    socket.disconnect();

    const r = (v: number) => Number(v.toFixed(1));
    const warm = rows.slice(Math.floor(N / 3));
    const median = (k: keyof (typeof rows)[number]) => {
      const s = warm.map((x) => x[k]).sort((a, b) => a - b);
      return s[Math.floor(s.length / 2)]!;
    };
    console.log(`\nFirst calls of a new api + worker (compiled build, zero-delay OpenAI stub), ${N} generations one at a time`);
    console.log(`api ready after ${r(apiReadyMs)} ms, worker running after ${r(workerReadyMs)} ms`);
    console.table(
      [0, 1, 2]
        .map((i) => ({
          generation: `#${i + 1}`,
          'api: POST /lines/generate (ms)': r(rows[i]!.accept),
          'worker: job (ms)': r(rows[i]!.job),
          'worker: provider call (ms)': r(rows[i]!.provider),
          'request -> completed (ms)': r(rows[i]!.total),
        }))
        .concat([
          {
            generation: `median of #${Math.floor(N / 3) + 1}-#${N}`,
            'api: POST /lines/generate (ms)': r(median('accept')),
            'worker: job (ms)': r(median('job')),
            'worker: provider call (ms)': r(median('provider')),
            'request -> completed (ms)': r(median('total')),
          },
        ]),
    );
    console.log(
      `first ÷ warm median: api ${r(rows[0]!.accept / median('accept'))}×, job ${r(rows[0]!.job / median('job'))}×, provider ${r(rows[0]!.provider / median('provider'))}×`,
    );
  } finally {
    await stopAll(processes);
    await stub.close();
    await clearRedisPrefix(prefix, REDIS_URL);
    await database.drop();
  }
}

await main();
