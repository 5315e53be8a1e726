import { intlLocale } from '../i18n/i18n';

/** A USD price through Intl in the interface's language: 199 → "$199", 19.99 → "$19.99". */
export function formatUsd(amount: number, locale: string = intlLocale()): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
