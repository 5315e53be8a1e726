import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

/** M-Pesa STK query, delayed 30 s after the push, retried while Daraja says it is still processing. */
export const paymentStatusJob = defineJob({
  queue: 'payment-status',
  name: 'mpesa-status',
  schema: z.object({
    paymentId: z.uuid(),
    checkoutRequestID: z.string().min(1).max(100),
  }),
  jobId: (p) => `mpesa-status-${p.checkoutRequestID.replace(/[^A-Za-z0-9_-]/g, '_')}`,
  // ~3 minutes of retries: 5 + 10 + 20 + 40 + 60 + 60 ... capped by the processor's own clock.
  options: { attempts: 8, backoff: { type: 'exponential', delay: 5000 } },
});
export type PaymentStatusJobPayload = z.infer<typeof paymentStatusJob.schema>;
