import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

/**
 * Ends a Lipa na M-Pesa Paybill payment nobody paid in its window (PAYBILL_WINDOW_MS): delayed to
 * the end of the window when the payment is recorded, and re-enqueued by the reconciler for any
 * that Redis lost. A payment paid meanwhile makes it a no-op.
 */
export const paybillExpiryJob = defineJob({
  queue: 'payment-status',
  name: 'mpesa-paybill-expiry',
  schema: z.object({ paymentId: z.uuid() }),
  jobId: (p) => `mpesa-paybill-expiry-${p.paymentId}`,
  options: { attempts: 5, backoff: { type: 'exponential', delay: 5000 } },
});
