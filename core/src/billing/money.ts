/**
 * The one way money is written, in both interface languages (DESIGN.md §20): shillings as Kenyan
 * shops and Safaricom write them, `KSh 1,289` (whole shillings: M-Pesa charges no cents), and
 * dollars as `$9.99`. Used by the client, the receipts and the e-mails alike. Amounts are integer
 * minor units as stored: whole shillings for KES, cents for USD.
 */

const grouped = (n: number, decimals: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true }).format(n);

/** 1289 → "KSh 1,289". */
export function formatKsh(shillings: number): string {
  return `KSh ${grouped(Math.round(shillings), 0)}`;
}

/** 999 → "$9.99"; with `trimWhole`, 1000 → "$10" (prices on the pricing page), else "$10.00". */
export function formatUsdCents(cents: number, opts: { trimWhole?: boolean } = {}): string {
  const decimals = opts.trimWhole && cents % 100 === 0 ? 0 : 2;
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${grouped(Math.abs(cents) / 100, decimals)}`;
}

/** An amount in minor units of its currency: KES → "KSh 1,289", USD → "$9.99", anything else "EUR 9.99". */
export function formatMinor(minor: number, currency: string, opts: { trimWhole?: boolean } = {}): string {
  if (currency === 'KES') return formatKsh(minor);
  if (currency === 'USD') return formatUsdCents(minor, opts);
  return `${currency} ${grouped(minor / 100, 2)}`;
}
