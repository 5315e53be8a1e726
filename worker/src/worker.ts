import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import {
  billingSweepJob,
  createRedis,
  createWorker,
  mpesaC2bRegisterJob,
  QUEUE_NAMES,
  scheduleBillingSweep,
  type QueueName,
} from '@gl/core/server';
import type { ProcessorRegistration, WorkerContext } from './processor';
import { processors as defaultProcessors } from './processors';
import { startReconciler } from './reconciler';
import { webhookBackoff } from './processors/webhook-delivery.processor';
import { enqueueC2bRegistration } from './processors/mpesa-c2b-register.processor';

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
  const connection = createRedis(ctx.redisUrl, 'worker', 'worker');
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
      // Waits for jobs in flight to finish; anything left is picked up again as stalled.
      await Promise.allSettled(workers.map((w) => w.close()));
      connection.disconnect();
    },
  };
}
