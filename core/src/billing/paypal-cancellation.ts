import type { ServerContext } from '../platform/context';
import type { DbOrTx } from '../platform/db/database';
import { paypalCancelJob } from './paypal-cancel.job';
import { paypalCancellationsRepository, type PaypalCancellationReason } from './paypal-cancellations.repository';
import { subscriptionsRepository, type SubscriptionRow } from './subscriptions.repository';

/**
 * Leaving an auto-renewing PayPal plan: records, in the caller's transaction, that the row's PayPal
 * subscription must be cancelled at PayPal (once per PayPal subscription). Returns the new
 * cancellation's id to enqueue after the commit, or undefined (no PayPal subscription, or already recorded).
 */
export async function recordPaypalCancellation(
  tx: DbOrTx,
  row: Pick<SubscriptionRow, 'id' | 'userId' | 'planId' | 'providerSubscriptionId'>,
  reason: PaypalCancellationReason,
): Promise<string | undefined> {
  if (!row.providerSubscriptionId) return undefined;
  return paypalCancellationsRepository.record(tx, {
    userId: row.userId,
    providerSubscriptionId: row.providerSubscriptionId,
    subscriptionId: row.id,
    planId: row.planId,
    reason,
  });
}

/** Enqueues recorded cancellations after their transaction committed; a queue outage leaves them to the reconciler. */
export async function enqueuePaypalCancellations(
  ctx: Pick<ServerContext, 'jobs' | 'logger'>,
  ids: Array<string | undefined>,
): Promise<void> {
  for (const id of ids) {
    if (id) await ctx.jobs.tryEnqueue(paypalCancelJob, { cancellationId: id }, { log: { cancellationId: id } });
  }
}

/**
 * Moves the user to the free plan at once: the active subscription is cancelled and, when it renews
 * at PayPal, that subscription is cancelled there too (recorded in the same transaction, done by the job).
 */
export async function moveToFree(ctx: Pick<ServerContext, 'db' | 'jobs' | 'logger'>, userId: string): Promise<SubscriptionRow | undefined> {
  const { cancelled, cancellationId } = await ctx.db.transaction(async (tx) => {
    await subscriptionsRepository.lockUser(tx, userId);
    const ended = await subscriptionsRepository.endActive(tx, userId, 'cancelled');
    return { cancelled: ended, cancellationId: ended ? await recordPaypalCancellation(tx, ended, 'free') : undefined };
  });
  await enqueuePaypalCancellations(ctx, [cancellationId]);
  return cancelled;
}
