import { getPlan, PLAN_IDS, type BillingInterval, type PlanId } from '../../catalogue';
import type { PaymentDto, PaymentProvider, PaymentStatus, SubscriptionDto } from '../../contract/billing';
import type { PaymentRow } from '../repositories/payments.repository';
import { USER_CANCELLED_CODE } from '../repositories/payments.repository';
import type { SubscriptionRow } from '../repositories/subscriptions.repository';

/** Result codes we store for failures that happen on our side of a provider call. */
export const INIT_FAILED_CODE = 'INIT_FAILED';
export const MISMATCH_CODE = 'MISMATCH';

/** The user-facing payment texts, one place for each (the client shows the same words). */
export const PAYMENT_TEXTS = {
  cancelledByUser: 'Payment cancelled by user',
  mpesaFailed: 'Payment failed. Please try again.',
  paypalFailed: 'Payment processing failed. Please try again.',
  paypalCreateFailed: 'Failed to create PayPal order',
  paypalCaptureFailed: 'Failed to capture PayPal payment',
  mpesaInitFailed: 'Failed to initiate M-Pesa payment',
  mpesaPending: 'Check your phone and enter your M-Pesa PIN to complete the payment.',
  paypalPending: 'Waiting for PayPal to confirm the payment.',
} as const;

export function asPlanId(id: string): PlanId {
  return (PLAN_IDS as readonly string[]).includes(id) ? (id as PlanId) : 'free';
}

export function asInterval(interval: string): BillingInterval {
  return interval === 'year' ? 'year' : 'month';
}

/** What the user is told about a payment in its current state. */
export function paymentMessage(p: { provider: string; status: string; resultCode: string | null; planId: string }): string {
  const provider = p.provider as PaymentProvider;
  switch (p.status as PaymentStatus) {
    case 'completed':
      return `Payment received. Your ${getPlan(asPlanId(p.planId)).name} plan is active now.`;
    case 'cancelled':
      return PAYMENT_TEXTS.cancelledByUser;
    case 'failed':
      if (p.resultCode === INIT_FAILED_CODE)
        return provider === 'paypal' ? PAYMENT_TEXTS.paypalCreateFailed : PAYMENT_TEXTS.mpesaInitFailed;
      return provider === 'paypal' ? PAYMENT_TEXTS.paypalFailed : PAYMENT_TEXTS.mpesaFailed;
    default:
      return provider === 'mpesa' ? PAYMENT_TEXTS.mpesaPending : PAYMENT_TEXTS.paypalPending;
  }
}

export function toPaymentDto(p: PaymentRow): PaymentDto {
  return {
    id: p.id,
    provider: p.provider as PaymentProvider,
    providerRef: p.providerRef,
    planId: asPlanId(p.planId),
    interval: asInterval(p.interval),
    amountMinor: p.amountMinor,
    currency: p.currency,
    status: p.status as PaymentStatus,
    resultCode: p.resultCode,
    resultDesc: p.status === 'cancelled' && p.resultCode === USER_CANCELLED_CODE ? 'Cancelled in the app' : p.resultDesc,
    message: paymentMessage(p),
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt ? p.completedAt.toISOString() : null,
  };
}

/** An active subscription whose period has ended is shown as expired (the user is on free again). */
export function toSubscriptionDto(s: SubscriptionRow, now = new Date()): SubscriptionDto {
  const lapsed = s.status === 'active' && s.currentPeriodEnd !== null && s.currentPeriodEnd.getTime() <= now.getTime();
  return {
    id: s.id,
    planId: asPlanId(s.planId),
    interval: asInterval(s.interval),
    status: lapsed ? 'expired' : (s.status as SubscriptionDto['status']),
    currentPeriodEnd: s.currentPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    createdAt: s.createdAt.toISOString(),
  };
}

/** One billing interval later, in UTC; the 31st plus a month lands on the last day of the next month. */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
