import { getPlan, type PlanId } from '@gl/core';
import type { BillingNoticeRow, PaymentRow } from '@gl/core/server';

export interface BillingMailInput {
  notice: BillingNoticeRow;
  name: string;
  email: string;
  payment?: PaymentRow;
  publicUrl?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : '');
const planName = (id: string) => {
  try {
    return getPlan(id as PlanId).name;
  } catch {
    return id;
  }
};
/** 999 USD → "USD 9.99"; 1289 KES → "KES 1289". */
export const formatMoney = (minor: number, currency: string) =>
  currency === 'KES' ? `KES ${minor}` : `${currency} ${(minor / 100).toFixed(2)}`;

/** Subject and body of a billing e-mail (receipt, reminders, expiry, payment failed). */
export function composeBillingMail(input: BillingMailInput): { subject: string; lines: string[] } {
  const { notice, payment } = input;
  const billing = input.publicUrl ? `${input.publicUrl.replace(/\/+$/, '')}/billing` : undefined;
  const manage = billing ? [`Manage your plan: ${billing}`] : [];
  switch (notice.kind) {
    case 'receipt': {
      const p = payment!;
      return {
        subject: `Your Genius Lines receipt ${p.receiptNumber}`,
        lines: [
          `Hi ${input.name},`,
          `Thank you for your payment. Receipt ${p.receiptNumber}:`,
          `${planName(p.planId)} plan, billed ${p.interval === 'year' ? 'yearly' : 'monthly'}: ${formatMoney(p.amountMinor, p.currency)}` +
            (p.creditMinor > 0 ? ` (after a credit of ${formatMoney(p.creditMinor, p.currency)})` : ''),
          `Paid with ${p.provider === 'mpesa' ? 'M-Pesa' : 'PayPal'} on ${day(p.completedAt)}, for ${day(p.periodStart)} to ${day(p.periodEnd)}.`,
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
  const { subject, lines } = composeBillingMail(input);
  return { subject, text: lines.join('\n\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') };
}
