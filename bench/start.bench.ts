/**
 * npm run bench:start
 *
 * Measures exactly what a new user gets from `npm start` (Linux: it reads /proc): `npm start` itself
 * is spawned, with no DATABASE_URL (so the embedded PGlite database, in a fresh temporary PGLITE_DIR)
 * and the development payment sandbox, as the README gives it. Printed:
 *  - the time from spawning `npm start` to a healthy GET /api/health (the builds are brought up to
 *    date first, so this is the start of an unchanged checkout; BENCH_FRESH_DB=0 reuses the database
 *    of a first start, so the second start is measured without PGlite's initdb);
 *  - the whole process tree (npm, its shell, scripts/start.mjs, the launcher) after IDLE_SECONDS
 *    (default 15) at rest: each process's RSS, peak (VmHWM) and PSS (its share of pages shared
 *    with the others: the node binary's pages are mapped by each node process), and their sums;
 *  - BENCH_N (default 600) Pro generations through HTTP -> queue -> worker -> socket with
 *    BENCH_CONCURRENCY (default 16) in flight, by a user who became Pro the way a user does in the
 *    sandbox (an M-Pesa STK push that confirms itself), with the offline writer as the provider
 *    (no OpenAI key, as on a fresh clone): the tree's peak RSS sampled every 200 ms and the
 *    launcher's VmHWM, and the tree again at the end;
 *  - then Ctrl+C (SIGINT to the process group): whether every process ended, and how fast.
 * Every line carries os.loadavg(): the machine is shared; timings are only as good as its load.
 * Environment for the run only: rate limits raised (600 generations in minutes is not a person),
 * a REDIS_PREFIX of its own (dropped at the end), LOG_LEVEL=warn.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { freePort } from '@gl/server';
import { clearRedisPrefix } from '@gl/tests/helpers/redis';
import { REPO_ROOT, waitForHttp } from '@gl/tests/helpers/process';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const N = Number(process.env.BENCH_N ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 15);
const SECOND_START = process.env.BENCH_FRESH_DB === '0';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  pid: number;
  ppid: number;
  name: string;
}

/** Every live process under `root` (itself included), from /proc. */
function tree(root: number): Proc[] {
  const all: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      all.push({ pid: Number(entry), ppid, name: describe(cmd) });
    } catch {
      /* gone meanwhile */
    }
  }
  const out: Proc[] = [];
  const walk = (pid: number) => {
    const self = all.find((p) => p.pid === pid);
    if (self) out.push(self);
    for (const c of all.filter((p) => p.ppid === pid)) walk(c.pid);
  };
  walk(root);
  return out;
}

function describe(cmd: string[]): string {
  const joined = cmd.join(' ');
  if (/(^|\/)(ba|da)?sh$/.test(cmd[0] ?? '')) return "sh (npm's script shell)";
  if (joined.includes('launcher.js')) return 'launcher (api + worker + PGlite)';
  if (joined.includes('scripts/start.mjs')) return 'scripts/start.mjs';
  if (/npm(-cli)?(\.js)? start|npm start/.test(joined) || cmd[1]?.endsWith('npm-cli.js')) return 'npm';
  return joined.slice(0, 40);
}

function memoryOf(pid: number): { rss: number; peak: number; pss: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024, pss: pss / 1024 };
  } catch {
    return { rss: 0, peak: 0, pss: 0 };
  }
}

function treeTable(root: number) {
  const rows = tree(root).map((p) => ({ process: p.name, pid: p.pid, ...round(memoryOf(p.pid)) }));
  const sum = (k: 'rss' | 'peak' | 'pss') => rows.reduce((s, r) => s + r[k], 0);
  return { rows, rss: sum('rss'), pss: sum('pss') };
}

const round = (m: { rss: number; peak: number; pss: number }) => ({
  rss: Math.round(m.rss),
  peak: Math.round(m.peak),
  pss: Math.round(m.pss),
});

/** What the launcher says its memory is made of (its GET /metrics): V8's heap, and "external" (ArrayBuffers: PGlite's WebAssembly memory, Buffers). */
async function launcherMemory(url: string): Promise<Record<string, number>> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text());
  const metric = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const mb = (b: number) => Math.round(b / 1024 / 1024);
  return {
    'rss (MB)': mb(metric('gl_process_resident_memory_bytes')),
    'heap used (MB)': mb(metric('gl_nodejs_heap_size_used_bytes')),
    'heap total (MB)': mb(metric('gl_nodejs_heap_size_total_bytes')),
    'external (MB)': mb(metric('gl_nodejs_external_memory_bytes')),
  };
}

async function main() {
  // Bring both builds up to date first: the start measured is that of an unchanged checkout.
  for (const script of ['client/build/cached-build.mjs', 'server/build.mjs']) {
    const built = spawnSync(process.execPath, [path.join(REPO_ROOT, script)], { cwd: REPO_ROOT, stdio: 'ignore' });
    if (built.status !== 0) throw new Error(`${script} failed`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gl-bench-start-'));
  const prefix = `glb-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    GENERATE_RATE_LIMIT_PER_USER: '1000000',
    GENERATE_RATE_LIMIT_PER_IP: '1000000',
  };
  for (const k of ['DATABASE_URL', 'NODE_ENV', 'MALLOC_MMAP_THRESHOLD_', 'NODE_OPTIONS', 'PAYMENTS_SIMULATED']) delete env[k];
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const url = `http://127.0.0.1:${port}`;

  const startNpm = async () => {
    const started = performance.now();
    // Its own process group: Ctrl+C reaches all of it, as in a terminal.
    const child = spawn(npm, ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    try {
      await waitForHttp(`${url}/api/health`, 300_000);
    } catch (err) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`${(err as Error).message}\n${out}`);
    }
    return { child, seconds: (performance.now() - started) / 1000, output: () => out };
  };
  const stopNpm = async (child: ReturnType<typeof spawn>) => {
    const pids = tree(child.pid!).map((p) => p.pid);
    const t0 = performance.now();
    process.kill(-child.pid!, 'SIGINT');
    const deadline = Date.now() + 40_000;
    let alive = pids;
    while (Date.now() < deadline) {
      alive = pids.filter((pid) => {
        try {
          process.kill(pid, 0);
          return !readFileSync(`/proc/${pid}/status`, 'utf8').includes('State:\tZ');
        } catch {
          return false;
        }
      });
      if (alive.length === 0) break;
      await sleep(100);
    }
    if (alive.length) for (const pid of alive) process.kill(pid, 'SIGKILL');
    return { seconds: (performance.now() - t0) / 1000, leftBehind: alive.length };
  };

  try {
    if (SECOND_START) {
      // A first start makes the database (initdb, migrations); the second is what a returning user waits for.
      const first = await startNpm();
      console.log(`First start (fresh PGlite database): healthy after ${first.seconds.toFixed(1)} s; load ${load()}`);
      await stopNpm(first.child);
    }
    const { child, seconds } = await startNpm();
    console.log(
      `npm start: healthy after ${seconds.toFixed(1)} s (${SECOND_START ? 'existing' : 'fresh'} PGlite database); load ${load()}`,
    );
    await sleep(IDLE_SECONDS * 1000);
    const idle = treeTable(child.pid!);
    console.log(`\nIdle ${IDLE_SECONDS} s after healthy (MB); load ${load()}`);
    console.table(idle.rows);
    console.log(`process tree: RSS ${Math.round(idle.rss)} MB (sum), PSS ${Math.round(idle.pss)} MB (sum, shared pages counted once)`);
    console.table([await launcherMemory(url)]);

    // A user who pays for Pro in the sandbox (the STK push confirms itself after 5 s).
    const email = `bench-${prefix}@example.com`;
    const reg = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email, password: 'bench-password' }),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const { token } = reg.data;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const pushed = await fetch(`${url}/api/payments/mpesa/stk-push`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ planId: 'pro', interval: 'month', phoneNumber: '0712345678' }),
    });
    if (pushed.status !== 200) throw new Error(`stk-push answered ${pushed.status}: ${await pushed.text()}`);
    for (let i = 0; ; i++) {
      const billing = (await fetch(`${url}/api/billing`, { headers: auth }).then((r) => r.json())) as {
        data: { currentPlan: { id: string } };
      };
      if (billing.data.currentPlan.id === 'pro') break;
      if (i > 120) throw new Error('the sandbox payment did not make the user Pro');
      await sleep(500);
    }

    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const done = new Map<string, () => void>();
    const finished = new Set<string>();
    const settle = (p: { id: string }) => {
      const w = done.get(p.id);
      if (w) w();
      else finished.add(p.id);
    };
    socket.on('generation:completed', settle);
    socket.on('generation:failed', settle);

    let peakTree = 0;
    const sampler = setInterval(() => {
      peakTree = Math.max(peakTree, treeTable(child.pid!).rss);
    }, 200);
    const t0 = performance.now();
    let next = 0;
    const one = async () => {
      const res = await fetch(`${url}/api/lines/generate`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ category: 'taglines', tone: 'bold', topic: 'a bakery in Nairobi', count: 4 }),
      });
      const body = (await res.json()) as { data: { generation: { id: string } } };
      if (res.status !== 202) throw new Error(`generate answered ${res.status}: ${JSON.stringify(body)}`);
      const id = body.data.generation.id;
      if (finished.has(id)) return;
      await new Promise<void>((resolve) => done.set(id, resolve));
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < N) {
          next++;
          await one();
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    socket.disconnect();
    const after = treeTable(child.pid!);
    const launcher = after.rows.find((r) => r.process.startsWith('launcher'));
    console.log(`\n${N} generations, ${CONCURRENCY} in flight: ${(N / elapsed).toFixed(1)} per second; load ${load()}`);
    console.table(after.rows);
    console.log(
      `launcher peak (VmHWM, start included) ${launcher?.peak} MB; process tree peak RSS during the generations ${Math.round(peakTree)} MB; now RSS ${Math.round(after.rss)} MB, PSS ${Math.round(after.pss)} MB`,
    );

    console.table([await launcherMemory(url)]);

    const stopped = await stopNpm(child);
    console.log(
      `\nCtrl+C: ${stopped.leftBehind === 0 ? 'every process ended' : `${stopped.leftBehind} left behind (killed)`} in ${stopped.seconds.toFixed(1)} s`,
    );
  } finally {
    await clearRedisPrefix(prefix, REDIS_URL).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
