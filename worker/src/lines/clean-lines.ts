import { getCategory, type CategoryId } from '@gl/core';

/**
 * Inclusive length bounds of a line. The upper bound counts UTF-16 units (what `.length` and most
 * validators count, never fewer than the visible characters); the lower bound counts code points.
 */
export interface LineBounds {
  min: number;
  max: number;
}

/** The category's bounds, with the user's maxChars as a tighter cap (never looser than the category). */
export function boundsFor(category: CategoryId, maxChars?: number | null): LineBounds {
  const c = getCategory(category);
  const max = maxChars ? Math.min(c.maxChars, maxChars) : c.maxChars;
  return { min: Math.min(c.minChars, max), max };
}

export function charLength(text: string): number {
  return Array.from(text).length;
}

const QUOTE_PAIRS: Array<[string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['«', '»'],
  ['„', '“'],
  ['「', '」'],
  ['`', '`'],
];

// "1.", "2)", "3:", "(4)", "[5]", "#6 -", "Line 7:", "Tagline 8 -", bullets and dashes followed by a space.
const NUMBERING =
  /^(?:(?:line|tagline|bio|caption|quote|slogan|ad ?line|jingle|option)\s*#?\d{1,2}\s*[:.)\]-]\s*|\(?\[?#?\d{1,2}\s*[.):\]/-]+\s+|[-*•●▪◦‣–—>]+\s+)/i;
const CHATTER = /^(?:here(?:'s| is| are)\b|sure\b|certainly\b|of course\b|absolutely\b|okay\b|ok\b|i hope\b|let me know\b|note:)/i;

function stripWrappingQuotes(text: string): string {
  for (let i = 0; i < 2; i++) {
    const pair = QUOTE_PAIRS.find(([open, close]) => text.length >= 2 && text.startsWith(open) && text.endsWith(close));
    if (!pair) break;
    const inner = text.slice(pair[0].length, text.length - pair[1].length);
    // `"A" and "B"` is not wrapped in quotes: the inner part would contain the closing quote.
    if (inner.includes(pair[1]) || (pair[0] !== pair[1] && inner.includes(pair[0]))) break;
    text = inner.trim();
  }
  return text;
}

/**
 * One raw model line made presentable: trimmed, without numbering, bullets, markdown emphasis or
 * wrapping quotes, inner whitespace collapsed. Returns '' for lines that are not content
 * (blank lines, "Here are four taglines:", closing remarks).
 */
export function cleanLine(raw: string): string {
  // Control characters (other than tab and newline) become spaces.
  // eslint-disable-next-line no-control-regex
  let text = raw.replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ').trim();
  for (let i = 0; i < 3; i++) {
    const before = text;
    text = text.replace(NUMBERING, '').trim();
    text = text.replace(/^(\*\*|__)(.+)\1$/, '$2').trim();
    text = text.replace(/^\*(?!\s)(.+)\*$/, '$1').trim();
    text = stripWrappingQuotes(text);
    if (text === before) break;
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (!text) return '';
  if (CHATTER.test(text) || /:\s*$/.test(text)) return '';
  return text;
}

/** The key two lines are compared by: case-insensitive, spacing and end punctuation ignored. */
export function lineKey(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?…,;:]+$/u, '')
    .trim();
}

export function withinBounds(text: string, bounds: LineBounds): boolean {
  return text.length <= bounds.max && charLength(text) >= bounds.min;
}

/**
 * Last resort for the offline filler only: cuts a too-long line at a word boundary inside the
 * bounds and drops a dangling comma or dash. Undefined when no honest cut exists.
 */
export function fitToBounds(text: string, bounds: LineBounds): string | undefined {
  if (withinBounds(text, bounds)) return text;
  if (charLength(text) < bounds.min) return undefined;
  let cut = '';
  for (const ch of text) {
    if (cut.length + ch.length > bounds.max + 1) break;
    cut += ch;
  }
  const lastSpace = cut.lastIndexOf(' ');
  if (lastSpace <= 0) return undefined;
  const trimmed = cut
    .slice(0, lastSpace)
    .replace(/[\s,;:–—-]+$/u, '')
    .replace(/\s+(and|or|the|a|an|of|to|with|for|&)$/i, '')
    .trim();
  return withinBounds(trimmed, bounds) ? trimmed : undefined;
}

/**
 * Splits a stream of text deltas into complete lines as soon as each newline arrives, so a line
 * can be shown while the model is still writing the next one.
 */
export class LineSplitter {
  private buffer = '';

  push(delta: string): string[] {
    this.buffer += delta;
    const parts = this.buffer.split(/\r?\n/);
    this.buffer = parts.pop() ?? '';
    return parts;
  }

  end(): string[] {
    const rest = this.buffer;
    this.buffer = '';
    return rest.trim() ? [rest] : [];
  }
}
