import type { JobQueue } from '@gl/core/server';

/** Resolves when every queue has no waiting, delayed or active job. */
export async function waitForQueuesDrained(jobs: JobQueue, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const depths = await jobs.depths();
    if (Object.values(depths).every((d) => d === 0)) return;
    if (Date.now() > deadline) throw new Error(`queues not drained after ${timeoutMs} ms: ${JSON.stringify(depths)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
