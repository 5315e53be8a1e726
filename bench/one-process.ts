/**
 * `bench:generate --dist`: the compiled launcher (`server/dist/launcher.js`, api and worker in one
 * process, the node flags and environment `npm start` and the images use) as a child process,
 * measured from outside: its CPU time and peak RSS from /proc (utime + stime; VmHWM, the kernel's
 * own high-water mark), and what its memory is made of from its own Prometheus metrics (heap,
 * external, array buffers) at the end of the measured rounds.
 */
import { readFileSync } from 'node:fs';
import { freePort } from '@gl/server';
import { spawnEntry, waitForHttp, type ChildHandle } from '../tests/helpers/process';

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
  close(): Promise<void>;
}

export async function startOneProcess(env: Record<string, string>): Promise<OneProcess> {
  const port = await freePort();
  const handle: ChildHandle = spawnEntry('launcher', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, 60_000);
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
    async close() {
      await handle.stop('SIGTERM');
    },
  };
}
