import { Errors } from '../platform/errors';

/**
 * Upgrade credit: the unused days of what was actually paid, by the day, in integer minor units,
 * rounded in the customer's favour (a started day counts as unused; the total is rounded up).
 */
export const DAY_MS = 86_400_000;

export interface PaidPeriod {
  /** Integer minor units of `currency` that were paid for the period. */
  amountMinor: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

/** Days of the period not yet used at `now` (a started day is unused), and the period's length in days. */
export function unusedDays(p: Pick<PaidPeriod, 'periodStart' | 'periodEnd'>, now: Date): { unused: number; total: number } {
  const total = Math.max(1, Math.round((p.periodEnd.getTime() - p.periodStart.getTime()) / DAY_MS));
  if (now.getTime() >= p.periodEnd.getTime()) return { unused: 0, total };
  const from = Math.max(now.getTime(), p.periodStart.getTime());
  return { unused: Math.min(total, Math.ceil((p.periodEnd.getTime() - from) / DAY_MS)), total };
}

/** Converts minor units between USD cents and whole shillings at `kesPerUsd` (no rounding here). */
function convert(minor: number, from: string, to: string, kesPerUsd: number): number {
  if (from === to) return minor;
  if (from === 'USD' && to === 'KES') return (minor * kesPerUsd) / 100;
  if (from === 'KES' && to === 'USD') return (minor * 100) / kesPerUsd;
  throw new Error(`No conversion from ${from} to ${to}`);
}

/** The credit in `currency` for the unused part of the paid periods, rounded up to a whole minor unit. */
export function upgradeCredit(periods: PaidPeriod[], now: Date, currency: 'USD' | 'KES', kesPerUsd: number): number {
  let credit = 0;
  for (const p of periods) {
    const { unused, total } = unusedDays(p, now);
    if (unused === 0 || p.amountMinor <= 0) continue;
    credit += convert((p.amountMinor * unused) / total, p.currency, currency, kesPerUsd);
  }
  // Rounded to 6 decimals first so float noise (12.0000000001) does not add a unit.
  return Math.ceil(Number(credit.toFixed(6)));
}

/** price − credit, never below zero; the credit shown is what is actually used. */
export function amountDue(price: number, credit: number): { price: number; credit: number; amountDue: number } {
  const used = Math.min(price, Math.max(0, credit));
  return { price, credit: used, amountDue: price - used };
}

/** A charge must be positive: when the credit covers the whole price, the customer is told to pick a longer interval. */
export function payableAmount(due: number): number {
  if (due <= 0) throw Errors.conflict('Your credit covers this plan in full for this interval. Please choose the yearly interval.');
  return due;
}
