import { billingSweepJob, runBillingSweep } from '@gl/core/server';
import { registerProcessor } from '../processor';

/** The scheduled billing sweep (reminders and expiry); idempotent, so overlapping runs are harmless. */
export const billingSweepProcessor = registerProcessor(billingSweepJob, async (_payload, ctx) => {
  const result = await runBillingSweep(ctx);
  if (result.reminders || result.expired) ctx.logger.info({ reminders: result.reminders, expired: result.expired }, 'billing sweep');
  return { reminders: result.reminders, expired: result.expired };
});
