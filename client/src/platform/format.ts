/** A price in dollars with two decimals, e.g. 9.99 -> "9.99". */
export function formatPrice(dollars: number): string {
  return dollars.toFixed(2);
}

export function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** Characters as a reader sees them (a flag or a skin-toned emoji is one), as the server counts without a platform. */
export function graphemes(s: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)) n++;
  return n;
}
