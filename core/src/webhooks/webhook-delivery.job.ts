import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

/** Name of the worker's backoff strategy for webhook deliveries: WEBHOOK_RETRY_BASE_MS × 2^(attempt − 1). */
export const WEBHOOK_BACKOFF = 'webhook';
/**
 * Attempts per delivery: with the default 30 s base the last retry comes about 34 hours after the
 * first attempt, past the 24 hours after which a failing endpoint is disabled.
 */
export const WEBHOOK_ATTEMPTS = 13;

/**
 * One delivery of one event to one endpoint (a webhook_deliveries row, recorded before the job
 * exists). The job id is the delivery's, so enqueueing it twice (the producer, the reconciler) is
 * one job; every retry of it sends the same `webhook-id`.
 */
export const webhookDeliveryJob = defineJob({
  queue: 'webhook',
  name: 'deliver',
  schema: z.object({ deliveryId: z.uuid() }),
  jobId: (p) => `webhook-${p.deliveryId}`,
  options: { attempts: WEBHOOK_ATTEMPTS, backoff: { type: WEBHOOK_BACKOFF } },
});
export type WebhookDeliveryJobPayload = z.infer<typeof webhookDeliveryJob.schema>;
