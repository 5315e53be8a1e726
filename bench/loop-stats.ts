/**
 * What makes a latency tail (issue 38): each process's event-loop delay and garbage-collection time
 * over a measured window, read from its own Prometheus metrics (prom-client's default metrics:
 * `monitorEventLoopDelay`, reset at every scrape, and the `gc` performance entries), and the same
 * for the bench process itself with `monitorEventLoopDelay`, since a late socket callback in the
 * load generator is a late "completed" in its figures.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopWindow {
  /** Event-loop delay over the window, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Garbage collection over the window: total pause ms, of which major (mark-sweep-compact), and count. */
  gcMs: number;
  majorGcMs: number;
  gcCount: number;
}

interface Scrape {
  loop: { p50: number; p99: number; max: number };
  gcSum: Map<string, number>;
  gcCount: number;
}

function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) * 1000 : NaN;
}

async function scrape(url: string): Promise<Scrape> {
  const text = await (await fetch(url)).text();
  const gcSum = new Map<string, number>();
  let gcCount = 0;
  for (const line of text.split('\n')) {
    const sum = /^gl_nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} ([\d.e+-]+)/.exec(line);
    if (sum) gcSum.set(sum[1]!, Number(sum[2]) * 1000);
    const count = /^gl_nodejs_gc_duration_seconds_count\{kind="\w+"\} (\d+)/.exec(line);
    if (count) gcCount += Number(count[1]);
  }
  return {
    loop: {
      p50: metric(text, 'gl_nodejs_eventloop_lag_p50_seconds'),
      p99: metric(text, 'gl_nodejs_eventloop_lag_p99_seconds'),
      max: metric(text, 'gl_nodejs_eventloop_lag_max_seconds'),
    },
    gcSum,
    gcCount,
  };
}

/** Starts a window on each metrics URL (the scrape resets the loop histogram); `end()` reads it. */
export async function startLoopWindow(urls: string[]): Promise<{ end: () => Promise<LoopWindow[]> }> {
  const before = await Promise.all(urls.map(scrape));
  return {
    end: async () => {
      const after = await Promise.all(urls.map(scrape));
      return after.map((a, i) => {
        const b = before[i]!;
        const delta = (kind: string) => (a.gcSum.get(kind) ?? 0) - (b.gcSum.get(kind) ?? 0);
        const kinds = new Set([...a.gcSum.keys()]);
        return {
          ...a.loop,
          gcMs: [...kinds].reduce((s, k) => s + delta(k), 0),
          majorGcMs: delta('major'),
          gcCount: a.gcCount - b.gcCount,
        };
      });
    },
  };
}

/** The same for this process: the event-loop delay from now to `end()` (GC not counted here). */
export function ownLoopWindow(): { end: () => Pick<LoopWindow, 'p50' | 'p99' | 'max'> } {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  return {
    end: () => {
      h.disable();
      return { p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 };
    },
  };
}
