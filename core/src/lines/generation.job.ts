import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

export const generationJob = defineJob({
  queue: 'generation',
  name: 'generate',
  schema: z.object({
    generationId: z.uuid(),
    /** For regeneration of one line: the index to replace. */
    replaceIndex: z.number().int().min(0).max(9).optional(),
    /** Bumped on each regeneration so its job id differs from the original's. */
    revision: z.number().int().min(0).default(0),
  }),
  jobId: (p) => (p.revision ? `gen-${p.generationId}-r${p.revision}` : p.generationId),
  // The row in PostgreSQL is the record of a generation (the reconciler reads it, not the queue), so a
  // completed job is kept only for the queue dashboard's recent list: few, by count (each kept job is
  // a hash and a sorted-set entry in Redis; at 100 generations a second, 5,000 kept is under a minute).
  options: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { count: 500 },
    removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
  },
});
export type GenerationJobPayload = z.infer<typeof generationJob.schema>;
