import type { CategoryId } from '@gl/core';
import { lineKey } from './text';

/**
 * Calls to action in a set of lines (issue 33, round 6): a call only where the category wants one
 * (ad lines), never on a tagline, slogan, quote, caption or bio unless the brief itself asks
 * ("call anytime", "DM to book"); never "get a quote" when the brief gives a price; at most two lines
 * of a set end on a call, and never the same call twice.
 */
const CTA_SENTENCE =
  /^(?:(?:please\s+)?(?:send\s+(?:us|me)\s+a\s+message(?:\s+(?:today|to\s+book))?|message\s+(?:us|me)(?:,\s*i\s+reply\s+the\s+same\s+day)?|(?:give\s+us\s+a\s+)?call(?:\s+(?:us|me))?(?:\s+(?:today|now|to\s+book(?:\s+this\s+week)?))?|get\s+(?:a|your)\s+(?:free\s+)?quote(?:\s+for\s+your\s+\w+)?|let'?s\s+(?:talk|work\s+together|chat)|book\s+a\s+call(?:\s+with\s+me)?|book\s+(?:now|today|ahead|your\s+\w+)|dm\s+(?:us|me)(?:\s+(?:today|now))?|order\s+(?:now|today)|visit\s+(?:us|the\s+shop)(?:\s+today)?|drop\s+by(?:\s+today)?|contact\s+(?:us|me)(?:\s+today)?|get\s+in\s+touch(?:\s+today)?|whatsapp\s+(?:us|me)|reach\s+out|enquire\s+(?:now|today)|talk\s+to\s+(?:us|me)|come\s+and\s+see(?:\s+us)?(?:\s+today)?|come\s+see\s+us|check\s+my\s+availability))[.!]?$/i;

/** The call the line ends on (its last sentence), or null. */
export function ctaOf(line: string): string | null {
  const sentences = line.trim().split(/(?<=[.!?])\s+/);
  if (sentences.length < 2) return null;
  const last = (sentences[sentences.length - 1] ?? '').trim();
  return CTA_SENTENCE.test(last) ? last : null;
}

/** The brief asks the reader to act ("call anytime", "DM to order", "book now"). */
function briefAsks(brief: string): boolean {
  return /\b(?:call|phone|dm|whatsapp|book|booking|order|register|sign\s+up|message|text\s+us|contact|visit\s+us|walk-?ins?)\b/i.test(
    brief,
  );
}
/** The brief gives a price. */
function briefPrices(brief: string): boolean {
  return /(?:\b(?:ksh|kes|usd|ugx|tzs|shs?|bob)\s*\d|[$£€¥₦]\s*\d|\d\s*(?:\/-|bob|ksh|kes)\b|\bfree\b)/i.test(brief);
}

/** Keeps the calls of one set within the rules; `take` returns the line as it may go in the set, or null. */
export class CtaPolicy {
  private count = 0;
  private readonly seen = new Set<string>();
  private readonly wants: boolean;
  private readonly priced: boolean;

  constructor(category: CategoryId, brief: string, language: string) {
    this.wants = language !== 'en' || category === 'adlines' || briefAsks(brief);
    this.priced = briefPrices(brief);
  }

  take(line: string): string | null {
    const cta = ctaOf(line);
    if (!cta) return line;
    const key = lineKey(cta).replace(/\s+(?:today|now|this week)$/, '');
    // Off a category that wants none, the calls a reader notices most go: a meeting asked of a stranger, a quote where there is a price.
    const pushy = /^(?:let'?s|book\s+a\s+call|send\s+me|message\s+me|check\s+my|get\s+(?:a|your)\s+(?:free\s+)?quote)/i.test(cta);
    const allowed = (this.wants || !pushy) && this.count < 2 && !this.seen.has(key) && !(this.priced && /\bquote\b/i.test(cta));
    if (allowed) {
      this.count += 1;
      this.seen.add(key);
      return line;
    }
    // A meeting asked of a stranger is taken off a line that holds a fact ("15 years experience."); any other line
    // with a call too many is not taken (a stripped call leaves a stub that repeats across answers).
    const rest = line
      .trim()
      .slice(0, line.trim().length - cta.length)
      .trim();
    const keeps = pushy && /\d/.test(rest) && /[.!?]$/.test(rest) && rest.split(/\s+/).length >= 4;
    return keeps ? rest : null;
  }
}

/** A line's key for near-duplicates: its words in order, without hashtags, emoji, punctuation or "today"/"now". */
export function nearKey(line: string): string {
  return line
    .toLowerCase()
    .replace(/#[\p{L}\p{N}_]+/gu, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\b(?:today|now|this week|the|a|an)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A capitalised word of four or more letters (a name, a town) twice in one line, hashtags aside. */
export function echoesName(line: string): boolean {
  const words = line.replace(/#[\p{L}\p{N}_]+/gu, ' ').match(/(?<![\p{L}'’])\p{Lu}\p{Ll}{3,}(?![\p{L}'’])/gu) ?? [];
  const seen = new Set<string>();
  for (const w of words) {
    if (seen.has(w)) return true;
    seen.add(w);
  }
  return false;
}
