import { getPlan } from '../platform/catalogue';
import type { ServerContext } from '../platform/context';
import type { DbOrTx } from '../platform/db/database';
import { enqueueBillingEmail } from './billing-email';
import { upgradeCredit } from './credit';
import { isCurrent } from './plan-change';
import { enqueuePaypalCancellations, recordPaypalCancellation } from './paypal-cancellation';
import { billingRepository } from './billing.repository';
import { paymentsRepository, REFUND_DUE_CODE, type PaymentRow } from './payments.repository';
import { subscriptionsRepository, type SubscriptionRow } from './subscriptions.repository';
import { asPlanId } from './billing-dto';
import { formatMinor } from './money';
import { notifyPayment, notifySubscription, type SettleContext } from './payment-state';
import { usersRepository } from '../accounts/server';
import { readServerMessage } from '../platform/i18n/server/translate';

export type RefundContext = SettleContext & Pick<ServerContext, 'config'>;

export interface RefundInput {
  provider: 'paypal';
  /** The provider's refund id: a refund is applied once. */
  providerRefundId: string;
  kind: 'refund' | 'reversal';
  /** Integer minor units of the payment's currency. */
  amountMinor: number;
}

export type RefundEffect =
  | 'plan-restored'
  | 'plan-ended'
  | 'scheduled-started'
  | 'period-shortened'
  | 'scheduled-cancelled'
  | 'credit-withdrawn'
  | 'nothing-left'
  | 'nothing-bought';

interface Withdrawal {
  effect: RefundEffect;
  /** The plan and end date the customer has now (for the message). */
  nowPlan?: { planId: string; end: Date | null };
  cancellations: string[];
}

/** A date in a stored message is the instant itself: each reader sees it as their own day (readServerMessage). */
const day = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const planName = (id: string) => getPlan(asPlanId(id)).name;
/** Room for the rounding of stored times (milliseconds) when a payment's period is compared with its subscription's. */
const SLACK_MS = 1000;

/** The row's chain of periods [start, end] holds the payment's period. */
function holds(row: SubscriptionRow, p: PaymentRow): boolean {
  const chainStart = (row.currentPeriodStart ?? row.createdAt).getTime();
  return (
    row.planId === p.planId &&
    row.currentPeriodEnd !== null &&
    p.periodStart!.getTime() >= chainStart - SLACK_MS &&
    p.periodEnd!.getTime() <= row.currentPeriodEnd.getTime() + SLACK_MS
  );
}

/**
 * Ends the active chain now (its time is gone): a lower plan scheduled next starts, else the plan
 * the chain replaced comes back while its own period lasts, else the user is on free. Its PayPal
 * subscription, if any, is cancelled at PayPal.
 */
async function endChain(tx: DbOrTx, active: SubscriptionRow, now: Date, cancellations: string[]): Promise<Withdrawal> {
  await billingRepository.updateSubscription(tx, active.id, { status: 'cancelled', currentPeriodEnd: now });
  const cancelId = await recordPaypalCancellation(tx, active, 'refunded');
  if (cancelId) cancellations.push(cancelId);
  const scheduled = await billingRepository.findScheduled(tx, active.userId);
  if (scheduled) {
    await billingRepository.updateSubscription(tx, scheduled.id, { status: 'active' });
    return { effect: 'scheduled-started', nowPlan: { planId: scheduled.planId, end: scheduled.currentPeriodEnd }, cancellations };
  }
  const before = active.replacesSubscriptionId ? await billingRepository.findSubscription(tx, active.replacesSubscriptionId) : undefined;
  if (before && before.status === 'expired' && before.currentPeriodEnd && before.currentPeriodEnd.getTime() > now.getTime()) {
    // Its PayPal subscription (if any) was cancelled when it was replaced: it no longer renews.
    await billingRepository.updateSubscription(tx, before.id, {
      status: 'active',
      cancelAtPeriodEnd: before.providerSubscriptionId ? true : before.cancelAtPeriodEnd,
    });
    return { effect: 'plan-restored', nowPlan: { planId: before.planId, end: before.currentPeriodEnd }, cancellations };
  }
  return { effect: 'plan-ended', cancellations };
}

/**
 * Takes `ms` off the end of a chain (active or scheduled) that held the refunded time: the payments
 * after the refunded period move earlier to close the gap; a chain left with no time ends.
 */
async function shorten(
  tx: DbOrTx,
  row: SubscriptionRow,
  gapFrom: Date,
  ms: number,
  now: Date,
  cancellations: string[],
): Promise<Withdrawal> {
  const end = row.currentPeriodEnd!;
  const newEnd = new Date(end.getTime() - ms);
  await paymentsRepository.shiftPeriods(tx, {
    userId: row.userId,
    planId: row.planId,
    from: gapFrom,
    until: new Date(end.getTime() + SLACK_MS),
    ms,
  });
  if (row.status === 'scheduled') {
    const start = row.currentPeriodStart ?? now;
    if (newEnd.getTime() <= start.getTime() + SLACK_MS) {
      await billingRepository.updateSubscription(tx, row.id, { status: 'cancelled' });
      const cancelId = await recordPaypalCancellation(tx, row, 'refunded');
      if (cancelId) cancellations.push(cancelId);
      return { effect: 'scheduled-cancelled', nowPlan: { planId: row.planId, end: start }, cancellations };
    }
    await billingRepository.updateSubscription(tx, row.id, { currentPeriodEnd: newEnd });
    return { effect: 'period-shortened', nowPlan: { planId: row.planId, end: newEnd }, cancellations };
  }
  if (newEnd.getTime() <= now.getTime()) return endChain(tx, row, now, cancellations);
  await billingRepository.updateSubscription(tx, row.id, { currentPeriodEnd: newEnd });
  // A lower plan scheduled after this one starts earlier by as much, keeping its whole length.
  const scheduled = await billingRepository.findScheduled(tx, row.userId);
  if (scheduled?.currentPeriodStart && scheduled.currentPeriodEnd) {
    await billingRepository.updateSubscription(tx, scheduled.id, { currentPeriodEnd: new Date(scheduled.currentPeriodEnd.getTime() - ms) });
    await paymentsRepository.shiftPeriods(tx, {
      userId: row.userId,
      planId: scheduled.planId,
      from: new Date(scheduled.currentPeriodStart.getTime() - SLACK_MS),
      until: new Date(scheduled.currentPeriodEnd.getTime() + SLACK_MS),
      ms,
    });
  }
  return { effect: 'period-shortened', nowPlan: { planId: row.planId, end: newEnd }, cancellations };
}

/**
 * Ends what the refunded part (`refundMinor`) of a completed payment bought, under the user's lock:
 * - its period lies in the scheduled lower plan, or in the current plan's chain: that much time is
 *   taken off the end (a chain left with nothing ends: the plan before comes back while it lasts,
 *   else a scheduled plan starts, else free);
 * - its unused days became upgrade credit for the current (higher) plan: the time that credit bought is taken off;
 * - otherwise the period it paid for was already used: nothing is left to end.
 */
async function withdraw(
  tx: DbOrTx,
  ctx: RefundContext,
  p: PaymentRow & { userId: string },
  refundMinor: number,
  now: Date,
): Promise<Withdrawal> {
  const cancellations: string[] = [];
  if (!p.periodStart || !p.periodEnd) return { effect: 'nothing-left', cancellations };
  // The refunded share of what is left of the payment bought that share of what is left of its period
  // (a partial refund shrinks the payment's period, so the next refund and the upgrade credit see what remains).
  const left = p.amountMinor - p.refundedMinor;
  const bought = ((p.periodEnd.getTime() - p.periodStart.getTime()) * refundMinor) / left;
  const partial = refundMinor < left;
  const shrinkOwn = async () => {
    if (partial) await paymentsRepository.setPeriodEnd(tx, p.id, new Date(p.periodEnd!.getTime() - bought));
  };
  const scheduled = await billingRepository.findScheduled(tx, p.userId);
  if (scheduled && holds(scheduled, p)) {
    await shrinkOwn();
    return shorten(tx, scheduled, p.periodEnd, bought, now, cancellations);
  }
  const active = await subscriptionsRepository.findActive(tx, p.userId);
  if (!active || !isCurrent(active, now)) return { effect: 'nothing-left', cancellations };
  if (holds(active, p)) {
    if (p.periodEnd.getTime() <= now.getTime()) return { effect: 'nothing-left', cancellations };
    await shrinkOwn();
    return shorten(tx, active, p.periodEnd, bought, now, cancellations);
  }
  // The current plan began with an upgrade whose credit came (partly) from this payment's unused days.
  const chain = await billingRepository.paidPeriodsOf(tx, active);
  const upgrade = chain[0];
  if (upgrade && upgrade.creditMinor > 0 && upgrade.periodStart && upgrade.periodEnd && p.periodEnd > upgrade.periodStart) {
    const credit = Math.min(
      upgrade.creditMinor,
      upgradeCredit(
        [{ amountMinor: refundMinor, currency: p.currency, periodStart: p.periodStart, periodEnd: p.periodEnd }],
        upgrade.periodStart,
        upgrade.currency as 'USD' | 'KES',
        ctx.config.MPESA_KES_PER_USD,
      ),
    );
    if (credit > 0) {
      const ms = ((upgrade.periodEnd.getTime() - upgrade.periodStart.getTime()) * credit) / (upgrade.amountMinor + upgrade.creditMinor);
      const result = await shorten(tx, active, upgrade.periodEnd, ms, now, cancellations);
      return result.effect === 'period-shortened' ? { ...result, effect: 'credit-withdrawn' } : result;
    }
  }
  return { effect: 'nothing-left', cancellations };
}

/** What the customer is told about a refund: what happened to the money, and what it ended. */
export function refundMessage(p: PaymentRow, input: Pick<RefundInput, 'kind'> & { amountMinor: number }, w: Withdrawal): string {
  const money = formatMinor(input.amountMinor, p.currency);
  const plan = planName(p.planId);
  if (p.resultCode === REFUND_DUE_CODE)
    return `PayPal charged you ${money} for your ${plan} subscription after you had left it. We refunded it in full; it changed nothing on your plan.`;
  const what =
    input.kind === 'reversal'
      ? `PayPal reversed ${money} of your ${plan} payment (a dispute or chargeback)`
      : `${money} of your ${plan} payment was refunded`;
  const now = w.nowPlan;
  switch (w.effect) {
    case 'plan-restored':
      return `${what}, so your ${plan} plan has ended. Your ${planName(now!.planId)} plan is back until ${day(now!.end)}.`;
    case 'scheduled-started':
      return `${what}, so your ${plan} plan has ended. Your ${planName(now!.planId)} plan starts now and runs until ${day(now!.end)}.`;
    case 'plan-ended':
      return `${what}, so your ${plan} plan has ended. You are on the free plan now.`;
    case 'period-shortened':
      return `${what}, so your ${planName(now!.planId)} plan now ends on ${day(now!.end)}.`;
    case 'scheduled-cancelled':
      return `${what}, so your ${plan} plan will not start on ${day(now!.end)}.`;
    case 'credit-withdrawn':
      return `${what}. Its unused days had been credited to your ${planName(now!.planId)} plan, which now ends on ${day(now!.end)}.`;
    case 'nothing-bought':
      return `${what}. It had not paid for any plan time.`;
    default:
      return `${what}. The period it paid for had already ended, so nothing else changed.`;
  }
}

/**
 * THE refund path of the payment state machine (PayPal PAYMENT.CAPTURE.REFUNDED / REVERSED, sale
 * refunds, and our own refund of a sale for a subscription we no longer held). In one transaction:
 * the refund is recorded once by the provider's id, what the refunded part of the payment bought is
 * ended (see withdraw), the payment's refunded amount grows (at the full amount its status is
 * `refunded`, so it counts toward no credit), and a refund e-mail is recorded. After the commit the
 * user's sockets get `payment:updated`, `payment:refunded` and `subscription:updated`.
 */
export async function refundPayment(
  ctx: RefundContext,
  paymentId: string,
  input: RefundInput,
  now = new Date(),
): Promise<{ changed: boolean; payment: PaymentRow | undefined; effect?: RefundEffect; message?: string }> {
  const result = await ctx.db.transaction(async (tx) => {
    const p = await paymentsRepository.lockById(tx, paymentId);
    if (!p) return undefined;
    const amount = Math.max(0, Math.min(input.amountMinor, p.amountMinor - p.refundedMinor));
    const refund = await billingRepository.insertRefund(tx, {
      paymentId: p.id,
      provider: input.provider,
      providerRefundId: input.providerRefundId,
      kind: input.kind,
      amountMinor: amount,
      currency: p.currency,
      effect: 'nothing-bought',
    });
    if (!refund) return undefined;
    let w: Withdrawal = { effect: 'nothing-bought', cancellations: [] };
    if (p.status === 'completed' && p.userId && amount > 0) {
      await subscriptionsRepository.lockUser(tx, p.userId);
      w = await withdraw(tx, ctx, { ...p, userId: p.userId }, amount, now);
    }
    const message = refundMessage(p, { kind: input.kind, amountMinor: amount }, w);
    await billingRepository.setRefundOutcome(tx, refund.id, { effect: w.effect, message });
    const payment = await paymentsRepository.addRefund(tx, p.id, amount);
    const noticeId = p.userId
      ? await billingRepository.insertNotice(tx, { userId: p.userId, kind: 'refund', dedupeKey: `refund-${refund.id}`, paymentId: p.id })
      : undefined;
    return { payment, effect: w.effect, message, cancellations: w.cancellations, noticeId, amount };
  });
  if (!result) return { changed: false, payment: await paymentsRepository.findById(ctx.db, paymentId) };

  const { payment, effect, message, cancellations, noticeId, amount } = result;
  ctx.logger.info({ paymentId, provider: input.provider, kind: input.kind, amount, effect, status: payment.status }, 'payment refunded');
  if (noticeId) await enqueueBillingEmail(ctx, noticeId);
  await enqueuePaypalCancellations(ctx, cancellations);
  if (payment.userId) {
    // A refund is rare: one small read of the account's language and zone, for both events' words and dates.
    const reader = await usersRepository.readerOf(ctx.db, payment.userId);
    await notifyPayment(ctx, payment, { language: reader.language });
    ctx.realtime.emit({ userId: payment.userId }, 'payment:refunded', {
      paymentId: payment.id,
      kind: input.kind,
      amount,
      currency: payment.currency,
      planId: asPlanId(payment.planId),
      status: payment.status as 'completed' | 'refunded',
      message: readServerMessage(message, reader),
    });
    await notifySubscription(ctx, payment.userId);
  }
  return { changed: true, payment, effect, message };
}
