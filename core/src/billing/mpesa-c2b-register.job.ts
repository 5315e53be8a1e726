import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

/**
 * Registers the C2B (Paybill) validation and confirmation URLs with Daraja, enqueued by the worker
 * at start when M-Pesa is configured. Daraja's registerurl is idempotent for the same URLs: the id
 * names the shortcode and the URLs, so a restart with the same ones is a no-op while the last run is
 * kept, and new URLs register again. A failure is logged and retried with backoff (about a day);
 * it never stops a process.
 */
export const mpesaC2bRegisterJob = defineJob({
  queue: 'payment-status',
  name: 'mpesa-c2b-register',
  schema: z.object({
    shortCode: z.string().regex(/^\d{5,7}$/),
    validationUrl: z.url().max(500),
    confirmationUrl: z.url().max(500),
  }),
  jobId: (p) =>
    `mpesa-c2b-register-${p.shortCode}-${createHash('sha256').update(`${p.validationUrl}|${p.confirmationUrl}`).digest('hex').slice(0, 16)}`,
  // 10 s, 20 s, 40 s ... doubling: the 14th attempt is about a day after the first.
  options: { attempts: 14, backoff: { type: 'exponential', delay: 10_000 } },
});
export type MpesaC2bRegisterJobPayload = z.infer<typeof mpesaC2bRegisterJob.schema>;
