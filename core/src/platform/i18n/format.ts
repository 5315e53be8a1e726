import { INTL_LOCALE, type UiLanguage } from './languages';

/**
 * Money and dates as a language writes them, through `Intl` (DESIGN.md §14). Amounts are integer
 * minor units as stored: cents for USD, whole shillings for KES (M-Pesa charges whole shillings).
 */
export function formatMoney(minor: number, currency: string, lang: UiLanguage): string {
  const whole = currency === 'KES';
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(whole ? minor : minor / 100);
}

/** A day (UTC, as the billing periods are kept): "26 Novemba 2026" / "November 26, 2026". A day shown to a person: formatDate (./time.ts), in their zone. */
export function formatDay(date: Date, lang: UiLanguage): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
