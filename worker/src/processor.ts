import type { Job } from 'bullmq';
import type { z } from 'zod';
import type { JobDefinition, ServerContext } from '@gl/core/server';

export type WorkerContext = ServerContext;

export interface ProcessorRegistration<S extends z.ZodType = z.ZodType> {
  job: JobDefinition<S>;
  /** The payload has been checked against the job's schema again before this runs. */
  handle: (payload: z.infer<S>, ctx: WorkerContext, job: Job) => Promise<unknown>;
}

export function registerProcessor<S extends z.ZodType>(
  job: JobDefinition<S>,
  handle: ProcessorRegistration<S>['handle'],
): ProcessorRegistration {
  return { job, handle } as unknown as ProcessorRegistration;
}
