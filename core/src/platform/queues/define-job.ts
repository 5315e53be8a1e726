import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';

export const QUEUE_NAMES = ['generation', 'payment-status', 'email', 'billing', 'paypal', 'webhook'] as const;
/** Queues fed by a job scheduler: their one delayed job is the next scheduled run, not a backlog. */
export const SCHEDULED_QUEUES: readonly QueueName[] = ['billing'];
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  queue: QueueName;
  /** Job name inside its queue. */
  name: string;
  /** Checked when enqueued and again in the worker. */
  schema: S;
  /** Deterministic id: enqueueing the same work twice is a no-op. Never contains ':'. */
  jobId: (payload: z.infer<S>) => string;
  options?: JobsOptions;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
