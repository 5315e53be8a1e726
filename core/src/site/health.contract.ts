import { z } from 'zod';
import { countSchema } from '../platform/contract/common';

const providerMode = z.enum(['simulated', 'live', 'off']);

/** GET /health: the backend's dependencies and providers (the 503 error envelope carries the same `data`). */
export const healthDto = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), kind: z.enum(['postgres', 'pglite']) }),
  redis: z.object({ status: z.enum(['up', 'down']) }),
  queues: z.record(z.string(), countSchema).nullable().describe('jobs waiting per queue; null when Redis did not answer'),
  providers: z.object({
    openai: z.boolean(),
    huggingface: z.boolean(),
    offline: z.boolean(),
    paypal: providerMode,
    mpesa: providerMode,
  }),
  uptimeSeconds: countSchema,
});
export type HealthDto = z.infer<typeof healthDto>;

/** GET /ready: this process takes traffic (the 503 error envelope carries the same `data`, naming what failed). */
export const readyDto = z.object({
  status: z.enum(['ready', 'not_ready']),
  draining: z.boolean().describe('true once the process received SIGTERM and is finishing its requests'),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
});
export type ReadyDto = z.infer<typeof readyDto>;

/** GET /live: the event loop runs (never checks a dependency). */
export const liveDto = z.object({
  status: z.literal('live'),
  uptimeSeconds: countSchema,
});
export type LiveDto = z.infer<typeof liveDto>;
