import { DEFAULT_TIME_ZONE, formatMinor, getPlan, localDay, type PlanId } from '@gl/core';
import { composeBillingMailSw } from './billing-mail-sw';
import type { BillingMailInput } from './billing-mail-input';
import { readServerMessage } from '@gl/core/server';

export type { BillingMailInput };

/** Why the customer left a PayPal subscription, as the e-mail says it. */
const LEFT_BECAUSE: Record<string, string> = {
  upgrade: 'you moved to a higher plan',
  downgrade: 'you chose a lower plan from the end of your current period',
  free: 'you moved to the free plan',
  replaced: 'you paid for your plan another way',
  refunded: 'its payment was refunded',
  ended: 'your plan ended without renewing',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const planName = (id: string) => {
  try {
    return getPlan(id as PlanId).name;
  } catch {
    return id;
  }
};
/** Money as everywhere else: 999 USD → "$9.99"; 1289 KES → "KSh 1,289". */
export const formatMoney = formatMinor;

/** Subject and body of a billing e-mail (receipt, reminders, expiry, payment failed, refund, PayPal cancellation). */
export function composeBillingMail(input: BillingMailInput): { subject: string; lines: string[] } {
  const { notice, payment } = input;
  const billing = input.publicUrl ? `${input.publicUrl.replace(/\/+$/, '')}/billing` : undefined;
  const manage = billing ? [`Manage your plan: ${billing}`] : [];
  // The recipient's own calendar day (their time zone).
  const day = (d: Date | null | undefined) => (d ? localDay(d, input.timeZone ?? DEFAULT_TIME_ZONE) : '');
  switch (notice.kind) {
    case 'receipt': {
      const p = payment!;
      const voided = (p.providerPayload as { creditVoided?: { credit?: number } } | null)?.creditVoided;
      return {
        subject: `Your Genius Lines receipt ${p.receiptNumber}`,
        lines: [
          `Hi ${input.name},`,
          `Thank you for your payment. Receipt ${p.receiptNumber}:`,
          `${planName(p.planId)} plan, billed ${p.interval === 'year' ? 'yearly' : 'monthly'}: ${formatMoney(p.amountMinor, p.currency)}` +
            (p.creditMinor > 0 ? ` (after a credit of ${formatMoney(p.creditMinor, p.currency)})` : ''),
          `Paid with ${p.provider === 'mpesa' ? 'M-Pesa' : 'PayPal'} on ${day(p.completedAt)}, for ${day(p.periodStart)} to ${day(p.periodEnd)}.`,
          ...(p.mpesaReceipt ? [`M-Pesa confirmation code: ${p.mpesaReceipt}`] : []),
          ...(p.accountNumber && p.provider === 'mpesa' ? [`Account number: ${p.accountNumber}`] : []),
          ...(voided
            ? [
                `This payment was priced with an upgrade credit of ${formatMoney(voided.credit ?? 0, p.currency)} that an earlier payment had already used, so it pays for the part of the period its amount covers (the dates above).`,
              ]
            : []),
          ...manage,
        ],
      };
    }
    case 'refund': {
      const p = payment!;
      const reversal = input.refund?.kind === 'reversal';
      return {
        subject: reversal ? 'Your Genius Lines payment was reversed' : 'Your Genius Lines payment was refunded',
        lines: [
          `Hi ${input.name},`,
          (input.refund?.message &&
            readServerMessage(input.refund.message, { language: 'en', timeZone: input.timeZone ?? DEFAULT_TIME_ZONE })) ||
            `${formatMoney(input.refund?.amountMinor ?? p.refundedMinor, p.currency)} of your ${planName(p.planId)} payment was refunded.`,
          ...(p.receiptNumber ? [`It was the payment of receipt ${p.receiptNumber}.`] : []),
          ...manage,
        ],
      };
    }
    case 'paypal-cancelled': {
      const c = input.cancellation;
      return {
        subject: 'Your PayPal subscription to Genius Lines was cancelled',
        lines: [
          `Hi ${input.name},`,
          `We cancelled your PayPal subscription ${c?.providerSubscriptionId ?? ''} for the ${planName(c?.planId ?? 'pro')} plan at PayPal, because ${LEFT_BECAUSE[c?.reason ?? 'replaced'] ?? LEFT_BECAUSE.replaced}. PayPal will not charge you for it again.`,
          'If PayPal charges it anyway, we refund that payment in full.',
          ...manage,
        ],
      };
    }
    case 'paypal-cancel-failed': {
      const c = input.cancellation;
      return {
        subject: 'Please cancel your Genius Lines subscription at PayPal',
        lines: [
          `Hi ${input.name},`,
          `You left your ${planName(c?.planId ?? 'pro')} plan, but we could not cancel its PayPal subscription ${c?.providerSubscriptionId ?? ''} at PayPal, so PayPal may charge you again.`,
          'Please cancel it in your PayPal account (Settings, then Payments, then Manage automatic payments), or try again from your Billing page. If PayPal charges it, we refund that payment in full.',
          ...manage,
        ],
      };
    }
    case 'reminder-7':
    case 'reminder-1': {
      const days = notice.kind === 'reminder-7' ? '7 days' : '1 day';
      return {
        subject: `Your Genius Lines plan ends in ${days}`,
        lines: [
          `Hi ${input.name},`,
          `Your plan ends on ${day(notice.periodEnd)} (in ${days}) and does not renew automatically.`,
          'Pay for another month or year before then to keep your plan without losing a day; after that date your account moves to the free plan.',
          ...manage,
        ],
      };
    }
    case 'expired':
      return {
        subject: 'Your Genius Lines plan has ended',
        lines: [
          `Hi ${input.name},`,
          `Your plan ended on ${day(notice.periodEnd)} and your account is on the free plan now. Your saved lines are kept.`,
          'You can choose a plan again at any time.',
          ...manage,
        ],
      };
    default:
      return {
        subject: 'Your Genius Lines payment failed',
        lines: [
          `Hi ${input.name},`,
          'PayPal could not collect your latest subscription payment. Please check your payment method at PayPal; PayPal will try again.',
          'Your plan stays active until the end of the period already paid for.',
          ...manage,
        ],
      };
  }
}

export function billingMailBodies(input: BillingMailInput): { subject: string; text: string; html: string } {
  const { subject, lines } = input.language === 'sw' ? composeBillingMailSw(input) : composeBillingMail(input);
  return { subject, text: lines.join('\n\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') };
}
