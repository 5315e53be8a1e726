import type { Job } from 'bullmq';
import type { z } from 'zod';
import type { JobDefinition, ServerContext } from '@gl/core/server';

export type WorkerContext = ServerContext;

export interface ProcessorRegistration<S extends z.ZodType = z.ZodType> {
  job: JobDefinition<S>;
  /** The payload has been checked against the job's schema again before this runs. */
  handle: (payload: z.infer<S>, ctx: WorkerContext, job: Job) => Promise<unknown>;
  /**
   * Called once when the job has failed for good (its last attempt failed, or it failed with an
   * UnrecoverableError), after `handle` threw and before BullMQ records the failure: the place to
   * mark the job's row failed and tell its owner. Attempts before the last only throw.
   */
  onFinalFailure?: (payload: z.infer<S>, ctx: WorkerContext, job: Job, err: Error) => Promise<void>;
}

export function registerProcessor<S extends z.ZodType>(
  job: JobDefinition<S>,
  handle: ProcessorRegistration<S>['handle'],
  hooks: Pick<ProcessorRegistration<S>, 'onFinalFailure'> = {},
): ProcessorRegistration {
  return { job, handle, ...hooks } as unknown as ProcessorRegistration;
}
