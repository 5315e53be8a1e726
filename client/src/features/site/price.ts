import { formatUsdCents } from '../billing';

/** A USD price in dollars, as the content lists it, written the same in both languages: 199 → "$199", 19.99 → "$19.99". */
export function formatUsd(amount: number, _locale?: string): string {
  return formatUsdCents(Math.round(amount * 100), { trimWhole: true });
}
