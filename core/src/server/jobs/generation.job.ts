import { z } from 'zod';
import { defineJob } from './define-job';

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
  options: { attempts: 3, backoff: { type: 'exponential', delay: 1000 } },
});
export type GenerationJobPayload = z.infer<typeof generationJob.schema>;
