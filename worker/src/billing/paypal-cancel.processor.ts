import { UnrecoverableError } from 'bullmq';
import {
  PaypalApiError,
  billingRepository,
  enqueueBillingEmail,
  notifySubscription,
  paypalCancelJob,
  paypalCancellationsRepository,
  paypalClientFor,
  paypalSubscriptionsApi,
  type PaypalCancellationRow,
} from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';

/** The reason PayPal records with the cancellation (subscription_cancel_request.reason). */
const REASONS: Record<string, string> = {
  upgrade: 'The customer moved to a higher Genius Lines plan',
  downgrade: 'The customer chose a lower Genius Lines plan',
  free: 'The customer moved to the free Genius Lines plan',
  replaced: 'The customer paid for their Genius Lines plan another way',
  refunded: 'The payment for this Genius Lines plan was refunded',
  ended: 'The Genius Lines plan ended without renewal',
};

/** PayPal answers 422 (SUBSCRIPTION_STATUS_INVALID: already cancelled or expired) or 404: nothing is left to cancel. */
const alreadyGone = (err: unknown) => err instanceof PaypalApiError && (err.status === 404 || err.status === 422);
/** Refusals PayPal will repeat however often we ask (a bad request, or credentials it does not accept). */
const permanent = (err: unknown) =>
  err instanceof PaypalApiError &&
  err.status !== undefined &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 408 &&
  err.status !== 429;

/** Records the e-mail about a cancellation (none when the plan simply ran out: the expiry e-mail said so) and sends it. */
async function tell(ctx: WorkerContext, row: PaypalCancellationRow, kind: 'paypal-cancelled' | 'paypal-cancel-failed'): Promise<void> {
  if (kind === 'paypal-cancelled' && row.reason === 'ended') return;
  const noticeId = await billingRepository.insertNotice(ctx.db, {
    userId: row.userId,
    kind,
    // One cancelled e-mail per cancellation; one failure e-mail per failure (the customer may ask again after one).
    dedupeKey: kind === 'paypal-cancelled' ? `${kind}-${row.id}` : `${kind}-${row.id}-${row.updatedAt.getTime()}`,
    subscriptionId: row.subscriptionId,
    paypalCancellationId: row.id,
  });
  if (noticeId) await enqueueBillingEmail(ctx, noticeId);
}

/**
 * Cancels at PayPal a subscription the customer left. The row decides: anything but `pending`
 * (done, failed for good) is left alone, so a job that runs twice never acts twice. A PayPal outage
 * throws and BullMQ retries with backoff; a refusal PayPal will repeat fails at once.
 */
export async function cancelAtPaypal(payload: { cancellationId: string }, ctx: WorkerContext) {
  const row = await paypalCancellationsRepository.find(ctx.db, payload.cancellationId);
  if (!row || row.status !== 'pending') return { skipped: row ? `already ${row.status}` : 'unknown' };
  const client = paypalClientFor(ctx.config);
  if (!client) throw new UnrecoverableError('PayPal is not configured');
  try {
    await paypalSubscriptionsApi.change(client, row.providerSubscriptionId, 'cancel', REASONS[row.reason] ?? REASONS.replaced!);
  } catch (err) {
    if (!alreadyGone(err)) {
      const message = (err as Error).message;
      await paypalCancellationsRepository.recordAttemptFailure(ctx.db, row.id, message);
      ctx.logger.warn({ cancellationId: row.id, providerSubscriptionId: row.providerSubscriptionId, err: message }, 'paypal cancel failed');
      if (permanent(err)) throw new UnrecoverableError(`PayPal refused the cancellation: ${message}`);
      throw err;
    }
  }
  const done = await paypalCancellationsRepository.markCancelled(ctx.db, row.id);
  if (!done) return { skipped: 'settled by another run' };
  ctx.logger.info(
    { cancellationId: row.id, providerSubscriptionId: row.providerSubscriptionId, reason: row.reason },
    'paypal subscription cancelled',
  );
  await tell(ctx, done, 'paypal-cancelled');
  await notifySubscription(ctx, row.userId);
  return { cancelled: row.providerSubscriptionId };
}

export const paypalCancelProcessor = registerProcessor(paypalCancelJob, (payload, ctx) => cancelAtPaypal(payload, ctx), {
  // Failed for good: the billing page shows it with a "try again", and the customer is asked to cancel at PayPal.
  async onFinalFailure(payload, ctx, _job, err) {
    const failed = await paypalCancellationsRepository.markFailed(ctx.db, payload.cancellationId, err.message);
    if (!failed) return;
    ctx.logger.error(
      { cancellationId: failed.id, providerSubscriptionId: failed.providerSubscriptionId, err: err.message },
      'paypal subscription could not be cancelled at PayPal: the customer was asked to cancel it there',
    );
    await tell(ctx, failed, 'paypal-cancel-failed');
    await notifySubscription(ctx, failed.userId);
  },
});
