import { describe, expect, it } from 'vitest';
import { planPriceCents } from '../platform/catalogue';
import { addInterval } from './billing-dto';
import { amountDue, DAY_MS, payableAmount, unusedDays, upgradeCredit, type PaidPeriod } from './credit';
import { mpesaAmountKes } from './mpesa.protocol';

const start = new Date('2026-03-01T10:00:00Z');
const paid = (amountMinor: number, currency: string, interval: 'month' | 'year', from = start): PaidPeriod => ({
  amountMinor,
  currency,
  periodStart: from,
  periodEnd: addInterval(from, interval),
});
const at = (days: number, hours = 0) => new Date(start.getTime() + days * DAY_MS + hours * 3_600_000);

describe('upgrade credit', () => {
  // [case, paid periods, now, currency, expected credit]
  const cases: Array<[string, PaidPeriod[], Date, 'USD' | 'KES', number]> = [
    ['same-day upgrade: the whole month is credited', [paid(999, 'USD', 'month')], at(0), 'USD', 999],
    ['same-day upgrade an hour later: still the whole month', [paid(999, 'USD', 'month')], at(0, 1), 'USD', 999],
    ['10 of 31 days used: 21 days credited, rounded up', [paid(999, 'USD', 'month')], at(10), 'USD', Math.ceil((999 * 21) / 31)],
    ['a started day counts as unused', [paid(999, 'USD', 'month')], at(10, 5), 'USD', Math.ceil((999 * 21) / 31)],
    ['last day: one day credited', [paid(999, 'USD', 'month')], at(30, 1), 'USD', Math.ceil(999 / 31)],
    ['after the end: nothing', [paid(999, 'USD', 'month')], at(31, 1), 'USD', 0],
    ['yearly Pro, 100 of 365 days used', [paid(9590, 'USD', 'year')], at(100), 'USD', Math.ceil((9590 * 265) / 365)],
    ['M-Pesa payment credited in shillings', [paid(1289, 'KES', 'month')], at(10), 'KES', Math.ceil((1289 * 21) / 31)],
    [
      'M-Pesa payment credited in dollars at the rate',
      [paid(1289, 'KES', 'month')],
      at(10),
      'USD',
      Math.ceil((((1289 * 21) / 31) * 100) / 129),
    ],
    ['PayPal payment credited in shillings', [paid(999, 'USD', 'month')], at(0), 'KES', Math.ceil((999 * 129) / 100)],
    [
      'an early renewal: the unused part of both months',
      [paid(999, 'USD', 'month'), paid(999, 'USD', 'month', addInterval(start, 'month'))],
      at(10),
      'USD',
      Math.ceil((999 * 21) / 31 + 999),
    ],
    ['nothing paid (a free or granted plan): no credit', [], at(3), 'USD', 0],
  ];
  it.each(cases)('%s', (_name, periods, now, currency, expected) => {
    expect(upgradeCredit(periods, now, currency, 129)).toBe(expected);
  });

  it('yearly Pro to Business: the credit is capped at the price, and a fully covered month is refused', () => {
    const credit = upgradeCredit([paid(9590, 'USD', 'year')], at(0), 'USD', 129);
    expect(credit).toBe(9590);
    expect(amountDue(planPriceCents('business', 'month'), credit)).toEqual({ price: 2999, credit: 2999, amountDue: 0 });
    expect(() => payableAmount(0)).toThrow(/yearly/);
    expect(amountDue(planPriceCents('business', 'year'), credit)).toEqual({ price: 28790, credit: 9590, amountDue: 19200 });
    const kes = upgradeCredit([paid(9590, 'USD', 'year')], at(0), 'KES', 129);
    expect(amountDue(mpesaAmountKes(28790, 129), kes).amountDue).toBe(mpesaAmountKes(28790, 129) - Math.ceil((9590 * 129) / 100));
  });

  it('counts days of a period in whole days', () => {
    expect(unusedDays(paid(1, 'USD', 'month'), at(0))).toEqual({ unused: 31, total: 31 });
    expect(unusedDays(paid(1, 'USD', 'year'), at(364, 23))).toEqual({ unused: 1, total: 365 });
  });
});
