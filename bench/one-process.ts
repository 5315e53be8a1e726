/**
 * `bench:generate --dist`: the compiled launcher (`server/dist/launcher.js`, api and worker in one
 * process, the node flags and environment `npm start` and the images use) as a child process,
 * measured from outside: its CPU time and peak RSS from /proc (utime + stime; VmHWM, the kernel's
 * own high-water mark), and what its memory is made of from its own Prometheus metrics (heap,
 * external, array buffers) at the end of the measured rounds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@gl/server';
import { spawn } from 'node:child_process';
import { PROCESS_NODE_ARGS, REPO_ROOT, waitForHttp, waitForReady } from '@gl/tests/helpers/process';

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

export interface OneProcess {
  url: string;
  pid: number;
  /** User + system CPU milliseconds the process has used so far. */
  cpuMs(): number;
  /** Resident set now and the process's peak, in MB. */
  rssMb(): { now: number; peak: number };
  /** Heap used / total, external and array buffers (MB), from the process's GET /metrics. */
  memory(): Promise<Record<string, number>>;
  /** With `heapSnapshots`: has the process write a heap snapshot (SIGUSR2) into the repository root; its path. */
  heapSnapshot(): Promise<string>;
  close(): Promise<void>;
}

export async function startOneProcess(env: Record<string, string>, opts: { heapSnapshots?: boolean } = {}): Promise<OneProcess> {
  const port = await freePort();
  // BENCH_NODE_ARGS: extra node flags for the launcher, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const nodeArgs = [...(opts.heapSnapshots ? ['--heapsnapshot-signal=SIGUSR2'] : []), ...extra];
  // BENCH_DIST: another build's folder (e.g. the code before a change, built elsewhere) instead of server/dist.
  const launcher = path.join(process.env.BENCH_DIST ?? path.join(REPO_ROOT, 'server/dist'), 'launcher.js');
  // The flags and environment of `npm start`, the images and spawnEntry() in the tests.
  const child = spawn(process.execPath, [...PROCESS_NODE_ARGS, ...nodeArgs, launcher], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const handle = {
    child,
    output: () => out,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, 60_000);
    // Measured once it takes traffic (warmed up), as a balancer would send it.
    await waitForReady(url, 60_000);
  } catch (err) {
    await handle.stop('SIGKILL');
    throw new Error(`${(err as Error).message}\n${handle.output()}`);
  }
  const pid = handle.child.pid!;
  const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return {
    url,
    pid,
    cpuMs() {
      // Fields after the command name (which is in parentheses): utime is the 14th field, stime the 15th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
    },
    rssMb() {
      const s = status();
      return { now: Math.round(kb(s, 'VmRSS') / 1024), peak: Math.round(kb(s, 'VmHWM') / 1024) };
    },
    async memory() {
      const text = await fetch(`${url}/metrics`).then((r) => r.text());
      const metric = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      const mb = (b: number) => Math.round(b / 1024 / 1024);
      return {
        'rss (MB)': mb(metric('gl_process_resident_memory_bytes')),
        'heap used (MB)': mb(metric('gl_nodejs_heap_size_used_bytes')),
        'heap total (MB)': mb(metric('gl_nodejs_heap_size_total_bytes')),
        'external (MB)': mb(metric('gl_nodejs_external_memory_bytes')),
      };
    },
    async heapSnapshot() {
      const before = new Set(readdirSync(REPO_ROOT));
      handle.child.kill('SIGUSR2');
      // Node writes Heap.<date>.<pid>...heapsnapshot; done when its size stops changing.
      for (let last = -1; ;) {
        await new Promise((r) => setTimeout(r, 1000));
        const file = readdirSync(REPO_ROOT).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
        if (!file) continue;
        const size = statSync(path.join(REPO_ROOT, file)).size;
        if (size === last && size > 0) return path.join(REPO_ROOT, file);
        last = size;
      }
    },
    async close() {
      await handle.stop('SIGTERM');
    },
  };
}
