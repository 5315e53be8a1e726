import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

/**
 * Daraja Transaction Status for a Paybill payment whose C2B validation we accepted (so we know its
 * TransID) but whose confirmation has not come: delayed like the STK status check
 * (MPESA_STATUS_DELAY_MS after the validation), then asked again with backoff for a bounded time
 * while no result settles it. Enqueued only when the initiator credentials are configured.
 */
export const mpesaTransactionStatusJob = defineJob({
  queue: 'payment-status',
  name: 'mpesa-transaction-status',
  schema: z.object({
    paymentId: z.uuid(),
    transId: z.string().regex(/^[A-Z0-9]{6,20}$/),
    /** When the validation was accepted (ms since the epoch): the asking window starts there. */
    validatedAt: z.number().int().nonnegative(),
  }),
  jobId: (p) => `mpesa-txstatus-${p.transId}`,
  options: { attempts: 8, backoff: { type: 'exponential', delay: 5000 } },
});
export type MpesaTransactionStatusJobPayload = z.infer<typeof mpesaTransactionStatusJob.schema>;
