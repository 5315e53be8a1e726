import type { ServerContext } from '../platform/context';
import { notifySubscription } from './payment-state';
import { billingRepository, type BillingNoticeKind } from './billing.repository';
import { subscriptionsRepository, type SubscriptionRow } from './subscriptions.repository';
import { enqueueBillingEmail } from './billing-email';
import { enqueuePaypalCancellations, recordPaypalCancellation } from './paypal-cancellation';
import { DAY_MS } from './credit';
import { hasLapsed } from './in-force';

export type SweepContext = Pick<ServerContext, 'db' | 'jobs' | 'realtime' | 'logger'>;

/** An auto-renewing PayPal subscription gets this long after its period end for the renewal to arrive. */
export const RENEWAL_GRACE_MS = 2 * DAY_MS;

export interface SweepResult {
  reminders: number;
  expired: number;
  /** PayPal subscriptions whose plan ended here, recorded for the `paypal-cancel` job to cancel at PayPal. */
  paypalCancellations: number;
}

const autoRenews = (s: SubscriptionRow) => Boolean(s.providerSubscriptionId) && !s.cancelAtPeriodEnd;

/** Records a reminder once per subscription period (the unique dedupe key decides), then enqueues it. */
async function remind(ctx: SweepContext, s: SubscriptionRow, kind: BillingNoticeKind): Promise<boolean> {
  const end = s.currentPeriodEnd!;
  const noticeId = await billingRepository.insertNotice(ctx.db, {
    userId: s.userId,
    kind,
    dedupeKey: `${kind}-${s.id}-${end.toISOString()}`,
    subscriptionId: s.id,
    periodEnd: end,
  });
  if (noticeId) await enqueueBillingEmail(ctx, noticeId);
  return Boolean(noticeId);
}

/**
 * Ends one subscription whose period is over, in a transaction under the user's lock (so a payment
 * completing at the same moment and a second sweep both see a consistent state): the user falls
 * back to free, or to the lower plan scheduled for this moment. Returns false when another caller did it.
 */
async function expire(
  ctx: SweepContext,
  s: SubscriptionRow,
  now: Date,
): Promise<{ noticeId?: string; cancellationId?: string } | undefined> {
  return ctx.db.transaction(async (tx) => {
    await subscriptionsRepository.lockUser(tx, s.userId);
    const active = await subscriptionsRepository.findActive(tx, s.userId);
    if (!active || active.id !== s.id || !hasLapsed(active, now)) return undefined;
    await billingRepository.setStatus(tx, s.id, 'expired');
    // A PayPal subscription whose plan ended without renewing (auto-renew off: suspended there) is cancelled, so it can never bill again.
    const cancellationId = await recordPaypalCancellation(tx, active, 'ended');
    const scheduled = await billingRepository.findScheduled(tx, s.userId);
    if (scheduled) {
      await billingRepository.setStatus(tx, scheduled.id, 'active');
      return { cancellationId };
    }
    const noticeId = await billingRepository.insertNotice(tx, {
      userId: s.userId,
      kind: 'expired',
      dedupeKey: `expired-${s.id}`,
      subscriptionId: s.id,
      periodEnd: s.currentPeriodEnd,
    });
    return { noticeId, cancellationId };
  });
}

/**
 * The billing sweep, with `subscriptions.current_period_end` as the truth. Idempotent: reminders
 * and expiry e-mails are recorded once by their dedupe key, and an expiry happens once under the
 * user's lock, so two workers or a re-run never send or change anything twice.
 * - no auto-renew and the end within 7 days (more than 1 day left): the 7-day reminder;
 * - no auto-renew and the end within 1 day: the 1-day reminder;
 * - the end passed (auto-renewing: plus a grace for the renewal): back to free (or the scheduled plan),
 *   an e-mail, and `subscription:updated` to the owner's sockets.
 */
export async function runBillingSweep(ctx: SweepContext, now = new Date()): Promise<SweepResult> {
  let reminders = 0;
  const soon = await billingRepository.listEndingBetween(ctx.db, now, new Date(now.getTime() + 7 * DAY_MS));
  for (const s of soon) {
    const left = s.currentPeriodEnd!.getTime() - now.getTime();
    if (await remind(ctx, s, left > DAY_MS ? 'reminder-7' : 'reminder-1')) reminders++;
  }

  let expired = 0;
  let paypalCancellations = 0;
  for (const s of await billingRepository.listEnded(ctx.db, now)) {
    if (autoRenews(s) && s.currentPeriodEnd!.getTime() > now.getTime() - RENEWAL_GRACE_MS) continue;
    const done = await expire(ctx, s, now);
    if (!done) continue;
    expired++;
    if (done.cancellationId) paypalCancellations++;
    await enqueuePaypalCancellations(ctx, [done.cancellationId]);
    ctx.logger.info({ subscriptionId: s.id, userId: s.userId, planId: s.planId }, 'subscription period ended');
    if (done.noticeId) await enqueueBillingEmail(ctx, done.noticeId);
    await notifySubscription(ctx, s.userId);
  }
  return { reminders, expired, paypalCancellations };
}
