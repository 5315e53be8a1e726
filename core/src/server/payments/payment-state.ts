import type { Plan } from '../../catalogue';
import type { SubscriptionDto } from '../../contract/billing';
import type { ServerContext } from '../context';
import type { DbOrTx } from '../db/database';
import { paymentsRepository, type PaymentRow, type PaymentTransition } from '../repositories/payments.repository';
import { currentPlanFor, subscriptionsRepository, type SubscriptionRow } from '../repositories/subscriptions.repository';
import { addInterval, asInterval, asPlanId, paymentMessage, toSubscriptionDto } from './billing-dto';

export type SettleContext = Pick<ServerContext, 'db' | 'realtime' | 'logger'>;

export interface SettleResult {
  /** True for the one caller whose transition took effect; every other caller gets false. */
  changed: boolean;
  payment: PaymentRow | undefined;
  /** The subscription this payment activated (also when another caller did it). */
  subscription: SubscriptionRow | undefined;
}

/**
 * Replaces the user's active subscription with one for the paid plan. Runs inside the payment's
 * transaction; the user row lock serialises concurrent plan changes of the same user. Paying for
 * the plan you already have extends it from the end of the current period.
 */
async function activateSubscription(tx: DbOrTx, payment: PaymentRow & { userId: string }, now: Date): Promise<SubscriptionRow> {
  await subscriptionsRepository.lockUser(tx, payment.userId);
  const already = await subscriptionsRepository.findByPayment(tx, payment.id);
  if (already) return already;
  const active = await subscriptionsRepository.findActive(tx, payment.userId);
  let start = now;
  // Paying again for the same plan (even after choosing cancel-at-period-end) keeps the days left.
  if (active && active.planId === payment.planId && active.currentPeriodEnd && active.currentPeriodEnd.getTime() > now.getTime()) {
    start = active.currentPeriodEnd;
  }
  if (active) await subscriptionsRepository.endActive(tx, payment.userId, 'expired');
  return subscriptionsRepository.insertActive(tx, {
    userId: payment.userId,
    planId: payment.planId,
    interval: asInterval(payment.interval),
    currentPeriodEnd: addInterval(start, asInterval(payment.interval)),
    paymentId: payment.id,
  });
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
    const payment = await paymentsRepository.transition(tx, paymentId, outcome);
    if (!payment) return undefined;
    // A payment whose account was deleted (user_id null) settles for the books but activates nothing.
    const owner = payment.userId;
    const subscription =
      payment.status === 'completed' && owner ? await activateSubscription(tx, { ...payment, userId: owner }, now) : undefined;
    return { payment, subscription };
  });

  if (!result) {
    const payment = await paymentsRepository.findById(ctx.db, paymentId);
    const subscription = payment?.status === 'completed' ? await subscriptionsRepository.findByPayment(ctx.db, paymentId) : undefined;
    return { changed: false, payment, subscription };
  }

  const { payment, subscription } = result;
  ctx.logger.info(
    { paymentId, provider: payment.provider, status: payment.status, resultCode: payment.resultCode, subscriptionId: subscription?.id },
    'payment settled',
  );
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
