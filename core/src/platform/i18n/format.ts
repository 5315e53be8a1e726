import { INTL_LOCALE, type UiLanguage } from './languages';

/** Dates as a language writes them, through `Intl` (DESIGN.md §14); money is `formatMinor` in core's money.ts, one form for both languages. */

/** A day (UTC, as the billing periods are kept): "26 Novemba 2026" / "November 26, 2026". A day shown to a person: formatDate (./time.ts), in their zone. */
export function formatDay(date: Date, lang: UiLanguage): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
