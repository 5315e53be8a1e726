import { billingSweepJob, runBillingSweep } from '@gl/core/server';
import { registerProcessor } from '../processor';

/**
 * The scheduled billing sweep (reminders and expiry); idempotent, so overlapping runs are harmless.
 * A PayPal subscription whose plan ended is cancelled at PayPal by the `paypal-cancel` job it records.
 */
export const billingSweepProcessor = registerProcessor(billingSweepJob, async (_payload, ctx) => {
  const result = await runBillingSweep(ctx);
  if (result.reminders || result.expired) ctx.logger.info(result, 'billing sweep');
  return result;
});
