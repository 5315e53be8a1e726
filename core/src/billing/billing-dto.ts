import { getPlan, PLAN_IDS, type BillingInterval, type PlanId } from '../platform/catalogue';
import type { PaymentDto, PaymentProvider, PaymentStatus, SubscriptionDto } from './billing.contract';
import type { PaymentRow } from './payments.repository';
import { REFUND_DUE_CODE, REFUND_FAILED_CODE, USER_CANCELLED_CODE } from './payments.repository';
import type { SubscriptionRow } from './subscriptions.repository';
import { hasLapsed } from './in-force';
import type { UiLanguage } from '../platform/i18n/languages';
import { translateServerMessage } from '../platform/i18n/server/translate';
import { formatMinor } from './money';
import { PAYBILL_EXPIRED_CODE, PAYBILL_KIND } from './mpesa-c2b';

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
  paybillPending: 'Waiting for your Lipa na M-Pesa payment.',
  paybillExpired: 'No payment came in time for this account number. Start again to get a new one.',
  paypalPending: 'Waiting for PayPal to confirm the payment.',
  refundDue: 'PayPal charged this for a subscription you had already left. It is being refunded in full.',
  refundFailed:
    'PayPal charged this for a subscription you had already left, and the automatic refund did not go through. Please contact us and we will refund it.',
} as const;

export function asPlanId(id: string): PlanId {
  return (PLAN_IDS as readonly string[]).includes(id) ? (id as PlanId) : 'free';
}

export function asInterval(interval: string): BillingInterval {
  return interval === 'year' ? 'year' : 'month';
}

/** What the user is told about a payment in its current state. */
export function paymentMessage(p: {
  provider: string;
  status: string;
  resultCode: string | null;
  planId: string;
  refundedMinor?: number;
  currency?: string;
  kind?: string;
}): string {
  const provider = p.provider as PaymentProvider;
  if (p.resultCode === REFUND_DUE_CODE)
    return p.status === 'refunded' ? 'Charged by PayPal after you had left the subscription; refunded in full.' : PAYMENT_TEXTS.refundDue;
  if (p.resultCode === REFUND_FAILED_CODE) return PAYMENT_TEXTS.refundFailed;
  switch (p.status as PaymentStatus) {
    case 'completed':
      if (p.refundedMinor && p.currency) return `Paid; ${formatMinor(p.refundedMinor, p.currency)} of it was refunded.`;
      return `Payment received. Your ${getPlan(asPlanId(p.planId)).name} plan is active now.`;
    case 'refunded':
      return 'Refunded. This payment no longer pays for a plan.';
    case 'cancelled':
      return p.resultCode === PAYBILL_EXPIRED_CODE ? PAYMENT_TEXTS.paybillExpired : PAYMENT_TEXTS.cancelledByUser;
    case 'failed':
      if (p.resultCode === INIT_FAILED_CODE)
        return provider === 'paypal' ? PAYMENT_TEXTS.paypalCreateFailed : PAYMENT_TEXTS.mpesaInitFailed;
      return provider === 'paypal' ? PAYMENT_TEXTS.paypalFailed : PAYMENT_TEXTS.mpesaFailed;
    default:
      if (p.kind === PAYBILL_KIND) return PAYMENT_TEXTS.paybillPending;
      return provider === 'mpesa' ? PAYMENT_TEXTS.mpesaPending : PAYMENT_TEXTS.paypalPending;
  }
}

/** What the user is told about a payment, in `lang` (the request's, or the account's for a socket event). */
export function paymentMessageIn(p: Parameters<typeof paymentMessage>[0], lang: UiLanguage): string {
  return translateServerMessage(paymentMessage(p), lang);
}

/** A payment as the API answers it, its message in `lang`. */
export function toPaymentDto(p: PaymentRow, lang: UiLanguage): PaymentDto {
  return {
    id: p.id,
    provider: p.provider as PaymentProvider,
    providerRef: p.providerRef,
    planId: asPlanId(p.planId),
    interval: asInterval(p.interval),
    amountMinor: p.amountMinor,
    currency: p.currency,
    status: p.status as PaymentStatus,
    refundedMinor: p.refundedMinor,
    resultCode: p.resultCode,
    resultDesc: p.status === 'cancelled' && p.resultCode === USER_CANCELLED_CODE ? 'Cancelled in the app' : p.resultDesc,
    message: paymentMessageIn(p, lang),
    receiptNumber: p.receiptNumber,
    accountNumber: p.accountNumber,
    mpesaReceipt: p.mpesaReceipt,
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt ? p.completedAt.toISOString() : null,
  };
}

/** An active subscription whose period has ended is shown as expired (the user is on free again). */
export function toSubscriptionDto(s: SubscriptionRow, now = new Date()): SubscriptionDto {
  const lapsed = hasLapsed(s, now);
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
