import { EMOJI_SOME_MAX, HASHTAGS_FEW_MAX, type EmojiMode, type HashtagMode, type LanguageId, type Tone } from '@gl/core';
import type { Brief } from './brief';
import { GENERIC_HASHTAGS, TONE_EMOJI } from './lexicon';
import { hashtagFor } from './slots';

/**
 * The switches a request passes (DESIGN.md §13): hashtags (`none`, `few` = 1 to 3 at the end),
 * emoji (`none`, `some` = at most 2), an all-lower-case voice and no exclamation marks. Each is
 * applied exactly: emoji and hashtags are removed or added whole, "!" becomes ".".
 */
export interface Switches {
  hashtags?: HashtagMode;
  emoji?: EmojiMode;
  lowercase?: boolean;
  noExclamation?: boolean;
}

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;

function isEmoji(grapheme: string): boolean {
  return PICTOGRAPHIC.test(grapheme);
}

/** The emoji in a line (a flag or a family counts once). */
export function emojiIn(text: string): string[] {
  if (!PICTOGRAPHIC.test(text)) return [];
  return Array.from(GRAPHEMES.segment(text), (s) => s.segment).filter(isEmoji);
}

const EMOJI_START = /(?<!\u200d)\p{Extended_Pictographic}/gu;
const REGIONAL = /\p{Regional_Indicator}/gu;

/** How many emoji a line has (as `emojiIn` counts them: a joined sequence or a flag once), without segmenting it. */
export function emojiCount(text: string): number {
  if (!PICTOGRAPHIC.test(text)) return 0;
  return (text.match(EMOJI_START)?.length ?? 0) + Math.floor((text.match(REGIONAL)?.length ?? 0) / 2);
}

/** Tidies spaces left by a removal: no double spaces, no space before punctuation, trimmed. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,!?…:;])(?=\s|$)/gu, '$1')
    .replace(/^[\s,;:]+/, '')
    .trim();
}

/** Removes every emoji exactly (with its modifiers and joiners), then tidies the spaces. */
export function stripEmoji(text: string): string {
  if (!PICTOGRAPHIC.test(text)) return text;
  return tidy(
    Array.from(GRAPHEMES.segment(text), (s) => s.segment)
      .filter((g) => !isEmoji(g))
      .join(''),
  );
}

export function stripHashtags(text: string): string {
  return tidy(text.replace(HASHTAG, '$1'));
}

/** "Go!" -> "Go.", "Really?!" -> "Really?", "¡Hola!" -> "Hola." */
export function withoutExclamation(text: string): string {
  return text
    .replace(/¡/g, '')
    .replace(/\?!+|!+\?/g, '?')
    .replace(/!+/g, '.')
    .replace(/\.{2,}(?!\.)/g, '.');
}

/** Hashtags for a brief, most specific first: name, place, subject, offers, activity; then the language's general ones. */
export function hashtagsFor(brief: Brief, language: LanguageId): string[] {
  const words = [
    brief.name,
    brief.place?.text,
    brief.subject ? (language === 'sw' && brief.subject.sw ? null : brief.subject.head) : null,
    ...brief.offers.map((o) => (language === 'sw' && !o.sw && brief.language !== 'sw' ? null : o.head)),
    brief.activity?.en,
  ];
  const out: string[] = [];
  for (const w of words) {
    const tag = w ? hashtagFor(w) : '';
    if (tag && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  }
  // "#BiasharaNdogo" ("small business") only for a business: never on a church, an event, a group or a person.
  const notBusiness =
    ['person', 'event', 'cause', 'group'].includes(brief.kind) ||
    /\b(?:kanisa|church|shule|school|academy|kikundi|group|msikiti|mosque|chama)\b/i.test(brief.topic ?? '');
  const generic = language === 'sw' && notBusiness ? [] : (GENERIC_HASHTAGS[language] ?? []);
  for (const tag of generic) if (!out.includes(tag)) out.push(tag);
  return out;
}

/** Emoji that fit a brief and a tone, the brief's own first. */
export function emojiFor(brief: Brief, tone: Tone): string[] {
  return [...new Set([...brief.emoji, ...(TONE_EMOJI[tone] ?? [])])];
}

export interface Decoration {
  brief: Brief;
  tone: Tone;
  language: LanguageId;
  maxChars: number;
  random: () => number;
}

/**
 * The switches that only take away (hashtags and emoji removed, "!" made ".", lower case); null
 * when the line has more emoji than `some` allows. Deterministic, so a composed pool can be kept.
 */
export function reduceLine(text: string, s: Switches): string | null {
  let out = text;
  if (s.hashtags !== undefined) out = stripHashtags(out);
  if (s.emoji === 'none') out = stripEmoji(out);
  if (emojiCount(out) > EMOJI_SOME_MAX) return null;
  if (s.noExclamation) out = withoutExclamation(out);
  if (s.lowercase) out = out.toLocaleLowerCase();
  return out;
}

/**
 * The switches that add (a fitting emoji on about half the lines for `some`, 1 to 3 hashtags at the
 * end for `few`), within `maxChars`; null when `few` finds no room for a hashtag.
 */
export function decorateLine(text: string, s: Switches, d: Decoration): string | null {
  let out = text;
  if (s.emoji === 'some' && emojiCount(out) === 0 && d.random() < 0.5) {
    const choices = emojiFor(d.brief, d.tone);
    const pick = choices[Math.min(choices.length - 1, Math.floor(d.random() * Math.min(3, choices.length)))];
    if (pick && out.length + pick.length + 1 <= d.maxChars) out = `${out} ${pick}`;
  }
  if (s.hashtags === 'few') {
    const tags = hashtagsFor(d.brief, d.language);
    const want = 1 + Math.floor(d.random() * HASHTAGS_FEW_MAX);
    const chosen: string[] = [];
    for (const tag of tags) {
      if (chosen.length >= want) break;
      if ([out, ...chosen, tag].join(' ').length <= d.maxChars) chosen.push(tag);
    }
    if (chosen.length === 0) return null;
    out = [out, ...chosen].join(' ');
  }
  if (s.lowercase) out = out.toLocaleLowerCase(d.language);
  return out;
}

/** Both, in order: what a line looks like once every switch holds (null when it cannot). */
export function applySwitches(text: string, s: Switches, d: Decoration): string | null {
  const reduced = reduceLine(text, s);
  return reduced === null ? null : decorateLine(reduced, s, d);
}
