import type { Plan } from '../platform/catalogue';
import type { SubscriptionDto } from './billing.contract';
import type { ServerContext } from '../platform/context';
import type { DbOrTx } from '../platform/db/database';
import { paymentsRepository, type PaymentRow, type PaymentTransition } from './payments.repository';
import { currentPlanFor, subscriptionsRepository, type SubscriptionRow } from './subscriptions.repository';
import { addInterval, asInterval, asPlanId, paymentMessageIn, toSubscriptionDto } from './billing-dto';
import { usersRepository } from '../accounts/server';
import { resolveLanguage, type UiLanguage } from '../platform/i18n/languages';
import { billingRepository } from './billing.repository';
import { planChange } from './plan-change';
import { enqueueBillingEmail } from './billing-email';
import { enqueuePaypalCancellations, recordPaypalCancellation } from './paypal-cancellation';
import type { PaypalCancellationReason } from './paypal-cancellations.repository';
import type { PaymentStatus } from './billing.contract';

export type SettleContext = Pick<ServerContext, 'db' | 'realtime' | 'logger' | 'jobs'>;

export interface SettleResult {
  /** True for the one caller whose transition took effect; every other caller gets false. */
  changed: boolean;
  payment: PaymentRow | undefined;
  /** The subscription this payment activated (also when another caller did it). */
  subscription: SubscriptionRow | undefined;
}

/** The PayPal subscription a payment belongs to: its own (a first payment) or the one whose sale it is (a renewal). */
function paypalSubscriptionOf(payment: PaymentRow): string | null {
  if (payment.kind === 'paypal-subscription') return payment.providerRef;
  if (payment.kind === 'paypal-renewal') {
    const id = (payment.requestPayload as { billingAgreementId?: unknown } | null)?.billingAgreementId;
    return typeof id === 'string' ? id : null;
  }
  return null;
}

/**
 * Upgrade credit is good once: only while the plan it was taken from is still the current plan, in
 * the same chain of periods the order was priced against (a chain starts with a new plan or an
 * upgrade; renewals keep its start). Another upgrade that completed first, or the plan's end, used it.
 */
function creditStillGood(active: SubscriptionRow | undefined, change: string, payment: PaymentRow): boolean {
  if (change !== 'upgrade' || !active) return false;
  const chainStart = active.currentPeriodStart ?? active.createdAt;
  return chainStart.getTime() <= payment.createdAt.getTime();
}

interface Activation {
  row: SubscriptionRow;
  start: Date;
  end: Date;
  /** PayPal subscriptions the customer left with this payment, to cancel at PayPal after the commit. */
  cancellations: string[];
}

/**
 * Applies a completed payment to the user's subscriptions inside the payment's transaction (the
 * user row lock serialises concurrent plan changes of the same user), as planChange() decides:
 * the same plan extends from the current end, a higher plan starts now, a lower plan is scheduled
 * for the end of the current period. Returns the subscription row the payment created.
 *
 * A payment priced with upgrade credit that is no longer there (see creditStillGood) buys exactly
 * what it paid for: its share of the period (amount / (amount + credit)), never a full period.
 * Leaving an auto-renewing PayPal plan (upgrade, downgrade, another plan bought) records its
 * cancellation at PayPal in this same transaction.
 */
async function activateSubscription(tx: DbOrTx, payment: PaymentRow & { userId: string }, now: Date): Promise<Activation> {
  await subscriptionsRepository.lockUser(tx, payment.userId);
  const already = await subscriptionsRepository.findByPayment(tx, payment.id);
  if (already) return { row: already, start: already.currentPeriodStart ?? now, end: already.currentPeriodEnd ?? now, cancellations: [] };
  const interval = asInterval(payment.interval);
  const active = await subscriptionsRepository.findActive(tx, payment.userId);
  const decided = planChange(active, asPlanId(payment.planId), interval, now);
  const { change, start } = decided;
  let end = decided.end;
  if (payment.creditMinor > 0 && !creditStillGood(active, change, payment)) {
    const bought = Math.floor(((end.getTime() - start.getTime()) * payment.amountMinor) / (payment.amountMinor + payment.creditMinor));
    end = new Date(start.getTime() + bought);
    await paymentsRepository.voidCredit(tx, payment.id, {
      credit: payment.creditMinor,
      reason: change === 'renewal' ? 'used by an upgrade that completed first' : 'the plan it came from had ended',
    });
  }
  const ownPaypal = paypalSubscriptionOf(payment);
  const cancellations: string[] = [];
  const leave = async (row: SubscriptionRow, reason: PaypalCancellationReason) => {
    const id = await recordPaypalCancellation(tx, row, reason);
    if (id) cancellations.push(id);
  };
  const base = { userId: payment.userId, planId: payment.planId, interval, paymentId: payment.id, provider: payment.provider };

  if (change === 'downgrade') {
    const scheduled = await billingRepository.findScheduled(tx, payment.userId);
    const samePlan = scheduled?.planId === payment.planId;
    if (scheduled) await billingRepository.setStatus(tx, scheduled.id, samePlan ? 'expired' : 'cancelled');
    const keptPaypal = ownPaypal ?? (samePlan ? (scheduled?.providerSubscriptionId ?? null) : null);
    if (scheduled?.providerSubscriptionId && scheduled.providerSubscriptionId !== keptPaypal) await leave(scheduled, 'replaced');
    const from = samePlan && scheduled?.currentPeriodEnd ? scheduled.currentPeriodEnd : start;
    const to = addInterval(from, interval);
    const row = await billingRepository.insertSubscription(tx, {
      ...base,
      status: 'scheduled',
      currentPeriodStart: samePlan ? (scheduled!.currentPeriodStart ?? from) : from,
      currentPeriodEnd: to,
      providerSubscriptionId: keptPaypal,
    });
    // The current plan now ends at its period end: its PayPal subscription must not renew it.
    if (active?.providerSubscriptionId && active.providerSubscriptionId !== keptPaypal) {
      await leave(active, 'downgrade');
      if (!active.cancelAtPeriodEnd) await billingRepository.updateSubscription(tx, active.id, { cancelAtPeriodEnd: true });
    }
    return { row, start: from, end: to, cancellations };
  }
  // A renewal keeps the start of the chain, so upgrade credit can find every period paid for.
  const renewal = change === 'renewal' && active;
  const chainStart = renewal ? (active.currentPeriodStart ?? active.createdAt) : start;
  const keptPaypal = renewal ? active.providerSubscriptionId : null;
  const providerSubscriptionId = ownPaypal ?? keptPaypal;
  if (active) {
    await subscriptionsRepository.endActive(tx, payment.userId, 'expired');
    if (active.providerSubscriptionId && active.providerSubscriptionId !== providerSubscriptionId)
      await leave(active, change === 'upgrade' ? 'upgrade' : 'replaced');
  }
  const row = await billingRepository.insertSubscription(tx, {
    ...base,
    status: 'active',
    currentPeriodStart: chainStart,
    currentPeriodEnd: end,
    providerSubscriptionId,
    // The plan an upgrade ended early (a refund of the chain gives it back); renewals carry it along.
    replacesSubscriptionId: renewal ? active.replacesSubscriptionId : change === 'upgrade' && active ? active.id : null,
    // A one-time renewal of a PayPal plan whose auto-renew is off keeps it off.
    cancelAtPeriodEnd: renewal && !ownPaypal && keptPaypal ? active.cancelAtPeriodEnd : false,
  });
  return { row, start, end, cancellations };
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
    const transitioned = await paymentsRepository.transition(tx, paymentId, outcome);
    if (!transitioned) return undefined;
    const { ownerLanguage, ...moved } = transitioned;
    const language = resolveLanguage(ownerLanguage);
    // A payment whose account was deleted (user_id null) settles for the books but activates nothing.
    const owner = moved.userId;
    if (moved.status !== 'completed' || !owner)
      return { payment: moved, subscription: undefined, noticeId: undefined, cancellations: [], language };
    const activated = await activateSubscription(tx, { ...moved, userId: owner }, now);
    const { payment, noticeId } = await issueReceipt(tx, { ...moved, userId: owner }, activated, now);
    return { payment, subscription: activated.row, noticeId, cancellations: activated.cancellations, language };
  });

  if (!result) {
    const payment = await paymentsRepository.findById(ctx.db, paymentId);
    const subscription = payment?.status === 'completed' ? await subscriptionsRepository.findByPayment(ctx.db, paymentId) : undefined;
    return { changed: false, payment, subscription };
  }

  const { payment, subscription, noticeId, cancellations, language } = result;
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
  await enqueuePaypalCancellations(ctx, cancellations);
  await notifyPayment(ctx, payment, { subscription, language });
  return { changed: true, payment, subscription };
}

/**
 * Pushes a payment's state (and, when the plan changed, the subscription) to the user's room, its
 * message in the account's language: `language` when the caller's statement read it already (a
 * settlement), else one small read of it (the rarer paths: a refund, a renewal's first notice).
 */
export async function notifyPayment(
  ctx: SettleContext,
  payment: PaymentRow,
  opts: { subscription?: SubscriptionRow; language?: UiLanguage } = {},
): Promise<void> {
  if (!payment.userId) return;
  const language = opts.language ?? (await usersRepository.languageOf(ctx.db, payment.userId));
  ctx.realtime.emit({ userId: payment.userId }, 'payment:updated', {
    paymentId: payment.id,
    provider: payment.provider as 'paypal' | 'mpesa',
    status: payment.status as PaymentStatus,
    resultCode: payment.resultCode,
    message: paymentMessageIn(payment, language),
    planId: asPlanId(payment.planId),
  });
  if (opts.subscription) await notifySubscription(ctx, payment.userId);
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
