/** Money in the page's language (`Intl`, the locale from `intlLocale()`): "$9.99", "$ 9.99", "Ksh 1,289". */
export function formatUsd(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** Whole shillings (M-Pesa charges whole shillings). */
export function formatKes(shillings: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'KES', maximumFractionDigits: 0 }).format(shillings);
}
