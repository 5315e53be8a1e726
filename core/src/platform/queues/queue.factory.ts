import {
  DelayedError,
  type BackoffStrategy,
  Queue,
  UnrecoverableError,
  Worker,
  type ConnectionOptions,
  type Job,
  type JobsOptions,
  type Processor,
} from 'bullmq';
import type { Logger } from '../logger';
import type { QueueName } from './define-job';
import { jobDuration } from '../metrics';
import { TRACE_CARRIER_KEY, withSpan, type TraceCarrier } from '../tracing';

/**
 * The one place queues and workers are made: connection, prefix, retries with backoff,
 * removal of finished jobs, final-failure logging and shutdown are the same for every queue.
 */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * How many entries BullMQ keeps in a queue's events stream (its default is 10,000 per queue). Nothing
 * of ours reads the stream (no QueueEvents: the processors report through PostgreSQL and Socket.IO),
 * so it is kept short: less Redis memory and less trimming work in every job's scripts.
 */
export const EVENTS_STREAM_MAX_LEN = 100;

export interface QueueFactoryOptions {
  connection: ConnectionOptions;
  /** Key prefix in Redis: lets several test files (or tenants) share one Redis. */
  prefix: string;
  logger: Logger;
}

export function createQueue(name: QueueName, opts: QueueFactoryOptions): Queue {
  const queue = new Queue(name, {
    connection: opts.connection,
    prefix: opts.prefix,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
    streams: { events: { maxLen: EVENTS_STREAM_MAX_LEN } },
  });
  queue.on('error', (err) => opts.logger.warn({ queue: name, err: err.message }, 'queue connection error'));
  return queue;
}

/**
 * Whether a job failing now with `err` is failed for good: BullMQ retries it unless this was its
 * last allowed attempt or the error says retrying cannot help (UnrecoverableError).
 */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts'>, err: unknown): boolean {
  if (err instanceof UnrecoverableError || (err as Error | undefined)?.name === 'UnrecoverableError') return true;
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** Called once for a job that failed for good (its attempts are used up), before BullMQ records it as failed. */
export type FinalFailureHook = (job: Job, err: Error) => Promise<void>;

export function createWorker(
  name: QueueName,
  processor: Processor,
  opts: QueueFactoryOptions & {
    concurrency?: number;
    lockDuration?: number;
    stalledInterval?: number;
    onFinalFailure?: FinalFailureHook;
    /** Delays of jobs whose `backoff.type` is not built in (e.g. the webhook deliveries', from config). */
    backoffStrategy?: BackoffStrategy;
  },
): Worker {
  const timed: Processor = (job, token) =>
    withSpan(
      `${name} process`,
      {
        kind: 'consumer',
        parent: (job.data as Record<string, TraceCarrier> | undefined)?.[TRACE_CARRIER_KEY],
        attributes: { 'messaging.destination.name': name, 'messaging.message.id': job.id, 'gl.job.attempt': job.attemptsMade + 1 },
      },
      () => processTimed(job, token),
    );
  const processTimed: Processor = async (job, token) => {
    const end = jobDuration.startTimer({ queue: name });
    try {
      const result = await processor(job, token);
      end({ outcome: 'completed' });
      return result;
    } catch (err) {
      // A job that re-schedules itself (DelayedError) has not failed: it is waiting for its next turn.
      if (err instanceof DelayedError) {
        end({ outcome: 'delayed' });
        throw err;
      }
      end({ outcome: 'failed' });
      if (opts.onFinalFailure && isFinalFailure(job, err)) {
        await opts
          .onFinalFailure(job, err as Error)
          .catch((hookErr: Error) =>
            opts.logger.error({ queue: name, jobId: job.id, jobName: job.name, err: hookErr.message }, 'final-failure hook failed'),
          );
      }
      throw err;
    }
  };
  const worker = new Worker(name, timed, {
    connection: opts.connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency ?? 4,
    lockDuration: opts.lockDuration ?? 30_000,
    stalledInterval: opts.stalledInterval ?? 30_000,
    maxStalledCount: 2,
    autorun: true,
    ...(opts.backoffStrategy ? { settings: { backoffStrategy: opts.backoffStrategy } } : {}),
  });
  worker.on('failed', (job: Job | undefined, err: Error) => {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    // BullMQ sets finishedOn only when it stops retrying the job.
    const final = job.finishedOn !== undefined && job.finishedOn !== null;
    const log = { queue: name, jobId: job.id, jobName: job.name, attempt: job.attemptsMade, attempts, err: err.message };
    if (final) opts.logger.error(log, 'job failed for good');
    else opts.logger.warn(log, 'job failed, will retry');
  });
  worker.on('error', (err) => opts.logger.warn({ queue: name, err: err.message }, 'worker connection error'));
  return worker;
}

export async function closeAll(items: Array<{ close(): Promise<void> }>): Promise<void> {
  await Promise.allSettled(items.map((i) => i.close()));
}
