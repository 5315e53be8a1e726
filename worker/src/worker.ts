import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import {
  billingSweepJob,
  createRedis,
  createWorker,
  generationJob,
  mpesaC2bRegisterJob,
  QUEUE_NAMES,
  scheduleBillingSweep,
  type QueueName,
} from '@gl/core/server';
import type { ProcessorRegistration, WorkerContext } from './processor';
import { processors as defaultProcessors } from './processors';
import { startReconciler } from './reconciler';
import { webhookBackoff } from './webhooks/webhook-delivery.processor';
import { enqueueC2bRegistration } from './billing/mpesa-c2b-register.processor';
import { warmGenerationPath } from './lines';

export interface WorkerRole {
  workers: Worker[];
  reconciler: ReturnType<typeof startReconciler>;
  close(): Promise<void>;
}

/**
 * Starts one BullMQ worker per queue that has processors. Each job's payload is validated
 * again here; an invalid payload fails at once and is not retried.
 */
export async function startWorkerRole(
  ctx: WorkerContext,
  opts: { processors?: ProcessorRegistration[]; concurrency?: Partial<Record<QueueName, number>> } = {},
): Promise<WorkerRole> {
  const registrations = opts.processors ?? defaultProcessors;
  // Before the first job: the first generations of a new worker would otherwise pay for the writer's
  // tables and cold code (about 100 ms each on top of a 15 ms job; docs/lean-runtime.md §8).
  if (registrations.some((r) => r.job === generationJob)) {
    const { ms, warmed } = await warmGenerationPath(ctx.config);
    ctx.logger.info({ ms: Math.round(ms), warmed }, 'generation path warmed');
  }
  const connection = createRedis(ctx.redisTarget, 'worker', 'worker');
  const workers: Worker[] = [];
  for (const queue of QUEUE_NAMES) {
    const forQueue = registrations.filter((r) => r.job.queue === queue);
    if (forQueue.length === 0) continue;
    const byName = new Map(forQueue.map((r) => [r.job.name, r]));
    const processor = async (job: Job) => {
      const reg = byName.get(job.name);
      if (!reg) throw new UnrecoverableError(`No processor for job ${job.name} on ${queue}`);
      const parsed = reg.job.schema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`Invalid payload for ${job.name}: ${parsed.error.message}`);
      // Every log line a handler writes names its job.
      const jobCtx: WorkerContext = { ...ctx, logger: ctx.logger.child({ queue, jobId: job.id, jobName: job.name }) };
      return reg.handle(parsed.data, jobCtx, job);
    };
    const onFinalFailure = async (job: Job, err: Error) => {
      const reg = byName.get(job.name);
      const parsed = reg?.job.schema.safeParse(job.data);
      if (!reg?.onFinalFailure || !parsed?.success) return;
      const jobCtx: WorkerContext = { ...ctx, logger: ctx.logger.child({ queue, jobId: job.id, jobName: job.name }) };
      await reg.onFinalFailure(parsed.data, jobCtx, job, err);
    };
    const concurrency =
      opts.concurrency?.[queue] ??
      (queue === 'generation' ? ctx.config.GENERATION_CONCURRENCY : queue === 'webhook' ? ctx.config.WEBHOOK_CONCURRENCY : 4);
    workers.push(
      createWorker(queue, processor, {
        connection,
        prefix: ctx.config.REDIS_PREFIX,
        logger: ctx.logger,
        concurrency,
        lockDuration: ctx.config.WORKER_LOCK_DURATION_MS,
        stalledInterval: ctx.config.WORKER_STALLED_INTERVAL_MS,
        onFinalFailure,
        backoffStrategy: webhookBackoff(ctx.config),
      }),
    );
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  if (registrations.some((r) => r.job.queue === billingSweepJob.queue)) {
    await scheduleBillingSweep(ctx.jobs, ctx.config.BILLING_SWEEP_INTERVAL_MS);
  }
  if (registrations.some((r) => r.job === mpesaC2bRegisterJob)) await enqueueC2bRegistration(ctx);
  const reconciler = startReconciler(ctx);
  ctx.logger.info({ queues: workers.map((w) => w.name) }, 'worker role started');
  return {
    workers,
    reconciler,
    async close() {
      await reconciler.stop();
      // Takes no new job and waits for those in flight, for SHUTDOWN_GRACE_MS at most; a job still
      // running then is left (its lock lapses) and picked up again as stalled: its processor checks
      // PostgreSQL first, so it is never done twice nor left half-done.
      const graceful = Promise.allSettled(workers.map((w) => w.close()));
      let timer: NodeJS.Timeout | undefined;
      const outOfTime = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ctx.config.SHUTDOWN_GRACE_MS)));
      if ((await Promise.race([graceful, outOfTime])) === 'timeout') {
        // (BullMQ's close(true) would only return the close already under way.) The process exits
        // next; the jobs' locks lapse and another worker picks them up as stalled.
        ctx.logger.warn(
          { graceMs: ctx.config.SHUTDOWN_GRACE_MS },
          'jobs still running after the grace period; leaving them to another worker',
        );
      }
      clearTimeout(timer);
      connection.disconnect();
    },
  };
}
