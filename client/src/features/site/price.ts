import { intlLocale } from '../../platform/i18n/i18n';
import { formatUsd as formatUsdCents } from '../billing/money';

/** A USD price in dollars, as the content lists it, through Intl in the interface's language: 199 → "$199", 19.99 → "$19.99". */
export function formatUsd(amount: number, locale: string = intlLocale()): string {
  return formatUsdCents(Math.round(amount * 100), locale);
}
