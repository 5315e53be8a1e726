import { billingSweepJob, PaypalClient, paypalSubscriptionsApi, runBillingSweep } from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';

/** A PayPal subscription whose period ended while suspended (auto-renew off) is cancelled at PayPal. */
async function cancelAtPaypal(ctx: WorkerContext, providerSubscriptionIds: string[]): Promise<number> {
  const c = ctx.config;
  if (providerSubscriptionIds.length === 0 || !c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET) return 0;
  const client = new PaypalClient({ baseUrl: c.PAYPAL_BASE_URL, clientId: c.PAYPAL_CLIENT_ID, clientSecret: c.PAYPAL_CLIENT_SECRET });
  let cancelled = 0;
  for (const id of providerSubscriptionIds) {
    try {
      await paypalSubscriptionsApi.change(client, id, 'cancel', 'The plan ended without renewal');
      cancelled++;
    } catch (err) {
      ctx.logger.warn({ providerSubscriptionId: id, err: (err as Error).message }, 'paypal subscription could not be cancelled at the end');
    }
  }
  return cancelled;
}

/** The scheduled billing sweep (reminders and expiry); idempotent, so overlapping runs are harmless. */
export const billingSweepProcessor = registerProcessor(billingSweepJob, async (_payload, ctx) => {
  const result = await runBillingSweep(ctx);
  const cancelled = await cancelAtPaypal(
    ctx,
    result.toCancelAtProvider.map((s) => s.providerSubscriptionId!),
  );
  if (result.reminders || result.expired)
    ctx.logger.info({ reminders: result.reminders, expired: result.expired, cancelled }, 'billing sweep');
  return { reminders: result.reminders, expired: result.expired, cancelled };
});
