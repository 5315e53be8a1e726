import { z } from 'zod';
import { defineJob } from '../platform/queues/define-job';

/**
 * Cancels at PayPal a subscription the customer left (a `paypal_cancellations` row). A PayPal outage
 * is retried with exponential backoff (2 s, 4 s, 8 s ... over 16 attempts, about a day and a half);
 * after the last attempt the row is failed and the customer is told (and can ask again).
 */
export const paypalCancelJob = defineJob({
  queue: 'paypal',
  name: 'cancel-subscription',
  schema: z.object({ cancellationId: z.uuid() }),
  jobId: (p) => `paypal-cancel-${p.cancellationId}`,
  options: { attempts: 16, backoff: { type: 'exponential', delay: 2000 } },
});
export type PaypalCancelJobPayload = z.infer<typeof paypalCancelJob.schema>;

/** Refunds in full a PayPal sale for a subscription we no longer held (a payment with result code REFUND_DUE). */
export const paypalRefundJob = defineJob({
  queue: 'paypal',
  name: 'refund-sale',
  schema: z.object({ paymentId: z.uuid() }),
  jobId: (p) => `paypal-refund-${p.paymentId}`,
  options: { attempts: 16, backoff: { type: 'exponential', delay: 2000 } },
});
export type PaypalRefundJobPayload = z.infer<typeof paypalRefundJob.schema>;
