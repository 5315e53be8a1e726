import type { JobType, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { QUEUE_NAMES, SCHEDULED_QUEUES, type JobDefinition, type QueueName } from './define-job';
import { createQueue, closeAll } from './queue.factory';
import type { Logger } from '../logger';
import { Errors } from '../errors';
import { queueDepth, queueJobs } from '../metrics';
import { currentTraceCarrier, TRACE_CARRIER_KEY, withSpan } from '../tracing';

/**
 * The producer side: validates a payload against its job definition and adds it with its
 * deterministic id. Call it only after the database transaction that recorded the work commits.
 */
export class JobQueue {
  readonly queues: Record<QueueName, Queue>;

  constructor(
    connection: Redis,
    prefix: string,
    private readonly logger: Logger,
  ) {
    this.queues = Object.fromEntries(QUEUE_NAMES.map((n) => [n, createQueue(n, { connection, prefix, logger })])) as Record<
      QueueName,
      Queue
    >;
  }

  async enqueue<S extends z.ZodType>(def: JobDefinition<S>, payload: z.input<S>, opts: { delay?: number } = {}): Promise<string> {
    const data = def.schema.parse(payload) as z.infer<S>;
    const jobId = def.jobId(data);
    await withSpan(
      `${def.queue} enqueue`,
      { kind: 'producer', attributes: { 'messaging.destination.name': def.queue, 'messaging.message.id': jobId } },
      async () => {
        // Tracing on: the worker's spans continue this request's trace (the context rides in the job's data).
        const carrier = currentTraceCarrier();
        const withTrace = carrier ? { ...(data as object), [TRACE_CARRIER_KEY]: carrier } : data;
        try {
          await this.queues[def.queue].add(def.name, withTrace, { ...def.options, ...opts, jobId });
        } catch (err) {
          throw Errors.unavailable('The job queue is unavailable right now. Please try again shortly.', err);
        }
      },
    );
    return jobId;
  }

  /**
   * Several jobs of one definition in one Redis round trip (BullMQ's `addBulk`, one pipeline); 503
   * when the queue refuses any of them (those before it may have been added: the caller withdraws
   * what is still pending, and a processor that finds no pending row does nothing). Each keeps its
   * deterministic id. One payload is a plain `enqueue`. Call it only after the transaction that
   * recorded the work commits.
   */
  async enqueueMany<S extends z.ZodType>(def: JobDefinition<S>, payloads: readonly z.input<S>[]): Promise<string[]> {
    if (payloads.length === 1) return [await this.enqueue(def, payloads[0]!)];
    if (payloads.length === 0) return [];
    const jobs = payloads.map((payload) => {
      const data = def.schema.parse(payload) as z.infer<S>;
      return { data, jobId: def.jobId(data) };
    });
    await withSpan(
      `${def.queue} enqueue`,
      { kind: 'producer', attributes: { 'messaging.destination.name': def.queue, 'messaging.batch.message_count': jobs.length } },
      async () => {
        const carrier = currentTraceCarrier();
        try {
          await this.queues[def.queue].addBulk(
            jobs.map(({ data, jobId }) => ({
              name: def.name,
              data: carrier ? { ...(data as object), [TRACE_CARRIER_KEY]: carrier } : data,
              opts: { ...def.options, jobId },
            })),
          );
        } catch (err) {
          throw Errors.unavailable('The job queue is unavailable right now. Please try again shortly.', err);
        }
      },
    );
    return jobs.map((j) => j.jobId);
  }

  /**
   * For work already recorded in PostgreSQL with a `pending` state the reconciler watches: enqueues it,
   * or, when the queue is unavailable, logs and leaves it to the reconciler (which enqueues it later
   * with the same job id). True when it was enqueued. `log` names the work in the warning.
   */
  async tryEnqueue<S extends z.ZodType>(
    def: JobDefinition<S>,
    payload: z.input<S>,
    opts: { delay?: number; log?: Record<string, unknown> } = {},
  ): Promise<boolean> {
    const { log, ...addOpts } = opts;
    try {
      await this.enqueue(def, payload, addOpts);
      return true;
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      this.logger.warn({ ...log, job: def.name, err: (cause as Error).message }, 'job not enqueued; the reconciler will enqueue it');
      return false;
    }
  }

  /**
   * For the reconciler, which only asks for work PostgreSQL still shows as unfinished: adds the job,
   * unless one with its id is waiting, delayed or running ('live'). A job with that id that already
   * completed or failed is replaced ('revived'): its row says the work is not done, and the
   * processors check the row before doing anything, so a revived job never does the work twice.
   * With `reviveFinishedBefore` (epoch ms), a job that finished after that time is left alone for now.
   */
  async ensureEnqueued<S extends z.ZodType>(
    def: JobDefinition<S>,
    payload: z.input<S>,
    opts: { reviveFinishedBefore?: number } = {},
  ): Promise<'added' | 'live' | 'revived'> {
    const data = def.schema.parse(payload) as z.infer<S>;
    const jobId = def.jobId(data);
    const queue = this.queues[def.queue];
    try {
      const existing = await queue.getJob(jobId);
      let revived = false;
      if (existing) {
        const state = await existing.getState();
        if (state !== 'completed' && state !== 'failed') return 'live';
        if (opts.reviveFinishedBefore !== undefined && (existing.finishedOn ?? 0) > opts.reviveFinishedBefore) return 'live';
        await existing.remove();
        revived = true;
      }
      await queue.add(def.name, data, { ...def.options, jobId });
      return revived ? 'revived' : 'added';
    } catch (err) {
      throw Errors.unavailable('The job queue is unavailable right now. Please try again shortly.', err);
    }
  }

  /** Whether a job with this id is waiting, delayed or running (for work whose payload cannot be rebuilt from PostgreSQL). */
  async isLive(def: JobDefinition, jobId: string): Promise<boolean> {
    try {
      const job = await this.queues[def.queue].getJob(jobId);
      if (!job) return false;
      const state = await job.getState();
      return state !== 'completed' && state !== 'failed' && state !== 'unknown';
    } catch (err) {
      throw Errors.unavailable('The job queue is unavailable right now. Please try again shortly.', err);
    }
  }

  /** Waiting + delayed + active jobs per queue (health, metrics, tests). */
  async depths(): Promise<Record<QueueName, number>> {
    const entries = await Promise.all(
      QUEUE_NAMES.map(async (n) => {
        const states: JobType[] = SCHEDULED_QUEUES.includes(n)
          ? ['waiting', 'active', 'prioritized']
          : ['waiting', 'delayed', 'active', 'prioritized'];
        const counts = await this.queues[n].getJobCounts(...states);
        return [n, Object.values(counts).reduce((a, b) => a + b, 0)] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<QueueName, number>;
  }

  /** Waiting (with prioritized), active and delayed jobs per queue, one round trip per queue. */
  async counts(): Promise<Record<QueueName, { waiting: number; active: number; delayed: number }>> {
    const entries = await Promise.all(
      QUEUE_NAMES.map(async (n) => {
        const c = await this.queues[n].getJobCounts('waiting', 'prioritized', 'active', 'delayed');
        return [n, { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0 }] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<QueueName, { waiting: number; active: number; delayed: number }>;
  }

  /** Sets gl_queue_depth and gl_queue_jobs from Redis before a scrape; a queue that cannot answer leaves them as they were. */
  async refreshMetrics(): Promise<void> {
    const [depths, counts] = await Promise.all([this.depths(), this.counts()]).catch(() => [null, null] as const);
    if (depths) for (const [queue, depth] of Object.entries(depths)) queueDepth.set({ queue }, depth);
    if (counts)
      for (const [queue, byState] of Object.entries(counts))
        for (const [state, n] of Object.entries(byState)) queueJobs.set({ queue, state }, n);
  }

  close(): Promise<void> {
    return closeAll(Object.values(this.queues));
  }
}
