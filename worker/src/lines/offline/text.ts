/** Small text helpers shared by the offline generator. */

/** Trims and collapses whitespace; an empty or missing topic is `null`. */
export function normalizeTopic(topic: string | null | undefined): string | null {
  if (typeof topic !== 'string') return null;
  const clean = topic.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
}

/**
 * The identity of a line for duplicate, exclusion and recent checks: the provider chain's own key
 * (case-insensitive, spacing and end punctuation ignored), so the two never disagree.
 */
export { lineKey } from '../clean-lines';

/**
 * Whether a line fits the bounds. The upper bound counts UTF-16 units (what `.length` and most
 * validators count, and never fewer than the visible characters); the lower bound counts code points.
 */
export function fitsBounds(line: string, minChars: number, maxChars: number): boolean {
  return line.length <= maxChars && Array.from(line).length >= minChars;
}

export function capitalizeFirst(text: string): string {
  const first = text.charAt(0);
  return first.toUpperCase() === first ? text : first.toUpperCase() + text.slice(1);
}

/** Fisher-Yates shuffle into a new array, with an injectable random source. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** A light stem: no possessive, no plural ending. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s?$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}
