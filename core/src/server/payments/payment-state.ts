import type { Plan } from '../../catalogue';
import type { SubscriptionDto } from '../../contract/billing';
import type { ServerContext } from '../context';
import type { DbOrTx } from '../db/database';
import { paymentsRepository, type PaymentRow, type PaymentTransition } from '../repositories/payments.repository';
import { currentPlanFor, subscriptionsRepository, type SubscriptionRow } from '../repositories/subscriptions.repository';
import { addInterval, asInterval, asPlanId, paymentMessage, toSubscriptionDto } from './billing-dto';
import { billingRepository } from '../repositories/billing.repository';
import { planChange } from '../billing/plan-change';
import { enqueueBillingEmail } from '../billing/billing-email';

export type SettleContext = Pick<ServerContext, 'db' | 'realtime' | 'logger' | 'jobs'>;

export interface SettleResult {
  /** True for the one caller whose transition took effect; every other caller gets false. */
  changed: boolean;
  payment: PaymentRow | undefined;
  /** The subscription this payment activated (also when another caller did it). */
  subscription: SubscriptionRow | undefined;
}

/**
 * Applies a completed payment to the user's subscriptions inside the payment's transaction (the
 * user row lock serialises concurrent plan changes of the same user), as planChange() decides:
 * the same plan extends from the current end, a higher plan starts now, a lower plan is scheduled
 * for the end of the current period. Returns the subscription row the payment created.
 */
async function activateSubscription(
  tx: DbOrTx,
  payment: PaymentRow & { userId: string },
  now: Date,
): Promise<{ row: SubscriptionRow; start: Date; end: Date }> {
  await subscriptionsRepository.lockUser(tx, payment.userId);
  const already = await subscriptionsRepository.findByPayment(tx, payment.id);
  if (already) return { row: already, start: already.currentPeriodStart ?? now, end: already.currentPeriodEnd ?? now };
  const interval = asInterval(payment.interval);
  const active = await subscriptionsRepository.findActive(tx, payment.userId);
  const { change, start, end } = planChange(active, asPlanId(payment.planId), interval, now);
  const base = { userId: payment.userId, planId: payment.planId, interval, paymentId: payment.id, provider: payment.provider };

  if (change === 'downgrade') {
    const scheduled = await billingRepository.findScheduled(tx, payment.userId);
    if (scheduled) await billingRepository.setStatus(tx, scheduled.id, scheduled.planId === payment.planId ? 'expired' : 'cancelled');
    const from = scheduled?.planId === payment.planId && scheduled.currentPeriodEnd ? scheduled.currentPeriodEnd : start;
    const to = addInterval(from, interval);
    const row = await billingRepository.insertSubscription(tx, {
      ...base,
      status: 'scheduled',
      currentPeriodStart: scheduled?.planId === payment.planId ? (scheduled.currentPeriodStart ?? from) : from,
      currentPeriodEnd: to,
    });
    return { row, start: from, end: to };
  }
  // A renewal keeps the start of the chain, so upgrade credit can find every period paid for.
  const chainStart = change === 'renewal' && active ? (active.currentPeriodStart ?? active.createdAt) : start;
  if (active) await subscriptionsRepository.endActive(tx, payment.userId, 'expired');
  const row = await billingRepository.insertSubscription(tx, {
    ...base,
    status: 'active',
    currentPeriodStart: chainStart,
    currentPeriodEnd: end,
    providerSubscriptionId: change === 'renewal' ? (active?.providerSubscriptionId ?? null) : null,
  });
  return { row, start, end };
}

/**
 * The receipt of a completed payment, in its own transaction: the next number of the year from the
 * counter row, the period it paid for, and the receipt e-mail recorded (sent after commit).
 */
async function issueReceipt(tx: DbOrTx, payment: PaymentRow & { userId: string }, period: { start: Date; end: Date }, now: Date) {
  const receiptNumber = await billingRepository.nextReceiptNumber(tx, now.getUTCFullYear());
  const updated = await billingRepository.setReceipt(tx, payment.id, { receiptNumber, periodStart: period.start, periodEnd: period.end });
  const noticeId = await billingRepository.insertNotice(tx, {
    userId: payment.userId,
    kind: 'receipt',
    dedupeKey: `receipt-${payment.id}`,
    paymentId: payment.id,
  });
  return { payment: updated, noticeId };
}

/**
 * THE payment state machine, shared by PayPal capture, the PayPal webhook, the M-Pesa callback,
 * the status job and the cancel endpoint. A payment leaves `pending` exactly once (a conditional
 * UPDATE only one caller wins); a completion activates exactly one subscription in the same
 * transaction; after commit the user's sockets get `payment:updated` (and `subscription:updated`).
 */
export async function settlePayment(
  ctx: SettleContext,
  paymentId: string,
  outcome: PaymentTransition,
  now = new Date(),
): Promise<SettleResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const moved = await paymentsRepository.transition(tx, paymentId, outcome);
    if (!moved) return undefined;
    // A payment whose account was deleted (user_id null) settles for the books but activates nothing.
    const owner = moved.userId;
    if (moved.status !== 'completed' || !owner) return { payment: moved, subscription: undefined, noticeId: undefined };
    const activated = await activateSubscription(tx, { ...moved, userId: owner }, now);
    const { payment, noticeId } = await issueReceipt(tx, { ...moved, userId: owner }, activated, now);
    return { payment, subscription: activated.row, noticeId };
  });

  if (!result) {
    const payment = await paymentsRepository.findById(ctx.db, paymentId);
    const subscription = payment?.status === 'completed' ? await subscriptionsRepository.findByPayment(ctx.db, paymentId) : undefined;
    return { changed: false, payment, subscription };
  }

  const { payment, subscription, noticeId } = result;
  ctx.logger.info(
    {
      paymentId,
      provider: payment.provider,
      status: payment.status,
      resultCode: payment.resultCode,
      subscriptionId: subscription?.id,
      receiptNumber: payment.receiptNumber,
    },
    'payment settled',
  );
  if (noticeId) await enqueueBillingEmail(ctx, noticeId);
  await notifyPayment(ctx, payment, subscription ? { subscription } : undefined);
  return { changed: true, payment, subscription };
}

/** Pushes a payment's state (and, when the plan changed, the subscription) to the user's room. */
export async function notifyPayment(ctx: SettleContext, payment: PaymentRow, plan?: { subscription: SubscriptionRow }): Promise<void> {
  if (!payment.userId) return;
  ctx.realtime.emit({ userId: payment.userId }, 'payment:updated', {
    paymentId: payment.id,
    provider: payment.provider as 'paypal' | 'mpesa',
    status: payment.status as 'pending' | 'completed' | 'failed' | 'cancelled',
    resultCode: payment.resultCode,
    message: paymentMessage(payment),
    planId: asPlanId(payment.planId),
  });
  if (plan) await notifySubscription(ctx, payment.userId);
}

/** Sends `subscription:updated` with the user's current subscription and plan as they are now. */
export async function notifySubscription(
  ctx: SettleContext,
  userId: string,
): Promise<{ subscription: SubscriptionDto | null; currentPlan: Plan }> {
  const [active, currentPlan] = await Promise.all([subscriptionsRepository.findActive(ctx.db, userId), currentPlanFor(ctx.db, userId)]);
  const payload = { subscription: active ? toSubscriptionDto(active) : null, currentPlan };
  ctx.realtime.emit({ userId }, 'subscription:updated', payload);
  return payload;
}
