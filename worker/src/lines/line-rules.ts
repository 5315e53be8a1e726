import {
  countForPlatform,
  emojiOf,
  EMOJI_SOME_MAX,
  getCategory,
  getPlatform,
  gsm7SmartEncode,
  hashtagsOf,
  HASHTAGS_FEW_MAX,
  isGsm7,
  lineLimit,
  type BrandSnapshot,
  type CategoryId,
  type EmojiMode,
  type HashtagMode,
  type PlatformId,
} from '@gl/core';
import { avoidedWordTest } from './avoid-words';

/**
 * The hard rules every delivered line meets (DESIGN.md §13), whatever produced it: the length
 * (the platform's limit counted its way, the user's maxChars, the category's bounds), the hashtag
 * and emoji switches, the voice measured from a brand kit's example lines, the kit's words to avoid,
 * and for a refinement the action's own rule (shorter, longer, with or without emoji).
 *
 * `repair` makes only exact changes (spacing, straight quotes for SMS, lower case for a lower-case
 * voice). `broken` names the rules a line still breaks: such a line is never delivered. `forceFit`
 * is for the offline writer's own lines only, as a last resort: it strips, cuts and adds what a rule
 * asks and answers undefined when no honest line is left.
 */

export type RuleId =
  | 'too_long'
  | 'too_short'
  | 'sms_charset'
  | 'hashtags_none'
  | 'hashtags_few'
  | 'emoji_none'
  | 'emoji_some'
  | 'emoji_needed'
  | 'lowercase'
  | 'shouting'
  | 'exclamation'
  | 'words_to_avoid'
  | 'voice_length'
  | 'not_longer'
  | 'pasted_topic';

/** A brand's voice, measured from its example lines. */
export interface Voice {
  /** Every example is written in lower case: so is every line. */
  lowercase: boolean;
  /** No example has an emoji: no line has one. */
  noEmoji: boolean;
  /** No example has "!" (or the kit says so): no line has one. */
  noExclamation: boolean;
  /** No example shouts (two or more words in capitals in a row): no line does. */
  noShouting: boolean;
  /** The examples' length range plus a margin (down to 40% of the shortest, up to 1.5 times the longest and at least 15 more), hashtags not counted, in graphemes. */
  length?: { min: number; max: number };
}

export interface RulesInput {
  category: CategoryId;
  platform?: PlatformId | null;
  maxChars?: number | null;
  hashtags: HashtagMode;
  emoji: EmojiMode;
  brand?: Pick<BrandSnapshot, 'exampleLines' | 'wordsToAvoid' | 'noExclamation'> | null;
  /** Refinements: the refined line's length bounds (counted like the limit) and emoji needs. */
  maxLength?: number;
  /** The refined line must be longer than this. */
  longerThan?: number;
  /** add_emoji: at least one emoji; remove_emoji: none. */
  emojiRequired?: boolean;
  /** Words that may be used to build hashtags in forceFit (the brand's name, the topic). */
  hashtagWords?: string[];
  /** The request's topic (a brief): a line that is the topic, or holds the whole of a long one, is not a line. */
  topic?: string | null;
}

/** A long topic pasted inside a line is caught; a short one ("Nakuru bakery") may appear in a line. */
const PASTED_TOPIC_MIN_WORDS = 6;
/** Text reduced to its words (letters and digits of every script), lower case, one space apart. */
const wordsKey = (text: string) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w !== '')
    .join(' ');

const EXCLAMATION = /[!¡！]/u;
const LETTER = /\p{L}/u;
/** Two or more words of 2+ capital letters in a row ("FRESH. LOCAL."), or one long shouted word. */
const SHOUTING = /(?:^|[^\p{L}])\p{Lu}{2,}[^\p{L}\p{Ll}]+\p{Lu}{2,}(?![\p{Ll}])|\p{Lu}{6,}(?!\p{Ll})/u;
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g;
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g;

const isLowercaseText = (text: string) => LETTER.test(text) && text === text.toLocaleLowerCase() && text !== text.toLocaleUpperCase();
const graphemes = (text: string) => countForPlatform(text, null);

/** What a kit's example lines say about its voice (and its "no exclamation marks" switch). */
export function measureVoice(brand: Pick<BrandSnapshot, 'exampleLines' | 'noExclamation'> | null | undefined): Voice {
  const examples = (brand?.exampleLines ?? []).map((l) => l.trim()).filter(Boolean);
  const flag = brand?.noExclamation === true;
  if (examples.length === 0) return { lowercase: false, noEmoji: false, noExclamation: flag, noShouting: false };
  const lengths = examples.map(graphemes);
  const shortest = Math.min(...lengths);
  const longest = Math.max(...lengths);
  // Shorter lines than the examples are usually fine; longer ones drift from the voice sooner.
  const margin = Math.max(15, Math.round(longest * 0.5));
  return {
    lowercase: examples.every(isLowercaseText),
    noEmoji: examples.every((l) => emojiOf(l).length === 0),
    noExclamation: flag || examples.every((l) => !EXCLAMATION.test(l)),
    noShouting: examples.every((l) => !SHOUTING.test(l)),
    length: { min: Math.max(1, Math.floor(shortest * 0.4)), max: longest + margin },
  };
}

/** The hashtags of a line and whether they all stand together at its end. */
function hashtagShape(text: string): { count: number; atEnd: boolean } {
  const tags = hashtagsOf(text);
  if (tags.length === 0) return { count: 0, atEnd: true };
  let rest = text.slice(tags[0]!.start);
  for (const t of [...tags].reverse()) rest = rest.slice(0, t.start - tags[0]!.start) + rest.slice(t.end - tags[0]!.start);
  return { count: tags.length, atEnd: /^[\s.,;:!?…]*$/u.test(rest) };
}

function removeRanges(text: string, ranges: Array<{ start: number; end: number }>): string {
  let out = text;
  for (const r of [...ranges].sort((a, b) => b.start - a.start)) out = out.slice(0, r.start) + out.slice(r.end);
  return tidy(out);
}

/** Spacing after something was taken out: no doubled spaces, no space before punctuation. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?…])/gu, '$1')
    .trim();
}

/** `text` keeping only its first `keep` emoji. */
function removeEmoji(text: string, keep: number): string {
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let kept = 0;
  let out = '';
  for (const { segment } of seg.segment(text)) {
    if (emojiOf(segment).length > 0 && kept++ >= keep) continue;
    out += segment;
  }
  return tidy(out);
}

/** "#KahawaCoffee" from "Kahawa Coffee": letters and digits of each word, capitalised, joined. */
export function hashtagFrom(words: string): string | undefined {
  const parts = words
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1)
    .slice(0, 3)
    .map((w) => w[0]!.toLocaleUpperCase() + w.slice(1));
  const tag = parts.join('');
  return tag && LETTER.test(tag) ? `#${tag}` : undefined;
}

export class LineRules {
  /** The limit a line must meet, counted by `measure`. */
  readonly limit: number;
  /** The voice's length range (graphemes, hashtags not counted); 0-Infinity without example lines. */
  readonly voiceRange: { min: number; max: number };
  /** The shortest a line may be, in code points. */
  readonly min: number;
  readonly voice: Voice;
  readonly hashtags: HashtagMode;
  readonly emoji: EmojiMode;
  readonly sms: boolean;
  private readonly avoided: (line: string) => boolean;
  private readonly topicKey: string;

  constructor(readonly input: RulesInput) {
    const category = getCategory(input.category);
    this.voice = measureVoice(input.brand);
    this.sms = input.platform ? getPlatform(input.platform).counting === 'gsm7' : false;
    this.hashtags = input.hashtags;
    this.emoji = this.voice.noEmoji || this.sms || input.emojiRequired === false ? 'none' : input.emoji;
    let limit = lineLimit(input.platform ?? null, input.maxChars, input.category);
    if (input.maxLength !== undefined) limit = Math.min(limit, input.maxLength);
    this.limit = limit;
    this.min = Math.max(1, Math.min(category.minChars, limit));
    this.voiceRange = this.voice.length
      ? { min: Math.min(this.voice.length.min, this.min), max: Math.max(this.voice.length.max, category.minChars) }
      : { min: 0, max: Infinity };
    this.avoided = avoidedWordTest(input.brand?.wordsToAvoid ?? []);
    this.topicKey = input.topic ? wordsKey(input.topic) : '';
  }

  /** The brief pasted back: the line is the topic, or holds the whole of a long topic word for word. */
  private pastedTopic(text: string): boolean {
    if (!this.topicKey) return false;
    const line = wordsKey(removeRanges(text, hashtagsOf(text)));
    if (line === this.topicKey) return true;
    if (this.topicKey.split(' ').length < PASTED_TOPIC_MIN_WORDS) return false;
    return ` ${line} `.includes(` ${this.topicKey} `);
  }

  /**
   * A line's length as its limit counts it: the platform's way; without a platform UTF-16 units (never
   * fewer than the visible characters, what most validators count).
   */
  measure(text: string): number {
    return this.input.platform ? countForPlatform(text, this.input.platform) : text.length;
  }

  /** Exact repairs only: spacing, straight quotes for SMS, lower case for a lower-case voice. */
  repair(text: string): string {
    let out = text
      .replace(/[\u00a0\u2007\u202f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (this.sms) out = out.replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"');
    if (this.voice.lowercase) out = out.toLocaleLowerCase();
    return out;
  }

  /** The rules `text` breaks (none: it may be delivered). */
  broken(text: string): RuleId[] {
    const out: RuleId[] = [];
    if (this.measure(text) > this.limit) out.push(this.sms && !isGsm7(text) ? 'sms_charset' : 'too_long');
    else if (this.sms && !isGsm7(text)) out.push('sms_charset');
    if (Array.from(text).length < this.min) out.push('too_short');
    if (this.input.longerThan !== undefined && this.measure(text) <= this.input.longerThan) out.push('not_longer');
    const tags = hashtagShape(text);
    if (this.hashtags === 'none' && tags.count > 0) out.push('hashtags_none');
    if (this.hashtags === 'few' && (tags.count < 1 || tags.count > HASHTAGS_FEW_MAX || !tags.atEnd)) out.push('hashtags_few');
    const emoji = emojiOf(text).length;
    if (this.emoji === 'none' && emoji > 0) out.push('emoji_none');
    if (this.emoji === 'some' && emoji > EMOJI_SOME_MAX) out.push('emoji_some');
    if (this.input.emojiRequired === true && emoji === 0) out.push('emoji_needed');
    if (this.voice.lowercase && text !== text.toLocaleLowerCase()) out.push('lowercase');
    if (this.voice.noShouting && SHOUTING.test(text)) out.push('shouting');
    if (this.voice.noExclamation && EXCLAMATION.test(text)) out.push('exclamation');
    if (this.avoided(text)) out.push('words_to_avoid');
    if (!this.voiceFits(text)) out.push('voice_length');
    if (this.pastedTopic(text)) out.push('pasted_topic');
    return out;
  }

  /** Whether the line without its hashtags is within the voice's length range. */
  private voiceFits(text: string): boolean {
    if (!this.voice.length) return true;
    const n = graphemes(removeRanges(text, hashtagsOf(text)));
    return n >= this.voiceRange.min && n <= this.voiceRange.max;
  }

  /** Repairs `text` and names what it still breaks. */
  check(text: string): { text: string; broken: RuleId[] } {
    const repaired = this.repair(text);
    return { text: repaired, broken: this.broken(repaired) };
  }

  /**
   * The offline writer's own line, made to fit as a last resort: hashtags and emoji taken out or
   * added as the switches say, "!" made ".", shouted words capitalised, SMS look-alikes encoded, and
   * the line cut after a sentence or clause. Undefined when what is left still breaks a rule.
   */
  forceFit(text: string): string | undefined {
    let out = this.repair(text);
    if (this.sms) out = gsm7SmartEncode(out);
    if (this.emoji === 'none') out = removeEmoji(out, 0);
    else if (this.emoji === 'some') out = removeEmoji(out, EMOJI_SOME_MAX);
    if (this.voice.noExclamation) out = tidy(out.replace(/[!¡！]+/gu, '.').replace(/\.{2,}$/u, '.'));
    if (this.voice.noShouting) out = out.replace(/\p{Lu}{2,}/gu, (w) => w[0] + w.slice(1).toLocaleLowerCase());
    if (this.voice.lowercase) out = out.toLocaleLowerCase();
    const tags = hashtagsOf(out);
    const keptTags = this.hashtags === 'few' ? tags.slice(-HASHTAGS_FEW_MAX).map((t) => `#${t.tag}`) : [];
    out = removeRanges(out, tags);
    if (this.hashtags === 'few' && keptTags.length === 0) {
      const made = [...(this.input.hashtagWords ?? []), getCategory(this.input.category).name.split(' ').pop() ?? 'lines']
        .map(hashtagFrom)
        .find((t): t is string => t !== undefined);
      if (made) keptTags.push(this.voice.lowercase ? made.toLocaleLowerCase() : made);
    }
    if (this.sms) out = removeNonGsm(out);
    if (this.input.emojiRequired === true && emojiOf(out).length === 0 && this.emoji !== 'none') out = `${out} ✨`;
    const suffix = keptTags.length ? ` ${keptTags.join(' ')}` : '';
    const fitted = this.cut(out, suffix);
    return fitted !== undefined && this.broken(fitted).length === 0 ? fitted : undefined;
  }

  /**
   * `body` + `suffix` within the limit: the body cut where it must be, only at the end of a sentence
   * or a clause ("Every journey begins. With one step" -> "Every journey begins."), never inside one:
   * "Be the one everyone talks" is not a line. When no clause fits, the chain takes another line.
   */
  private cut(body: string, suffix: string): string | undefined {
    const fits = (text: string) =>
      this.measure(`${text}${suffix}`) <= this.limit && Array.from(text).length >= this.min && this.voiceFits(text);
    if (fits(body)) return `${body}${suffix}`;
    const clauses = [...body.matchAll(/[.!?;:,–—](?=\s)/gu)].map((m) => m.index! + 1).reverse();
    for (const end of clauses) {
      const clause = body
        .slice(0, end)
        .replace(/[,;:–—]$/u, '')
        .trim();
      if (clause && fits(clause)) return `${clause}${suffix}`;
    }
    return undefined;
  }

  /** The rules in words, for the prompt: so the model usually gets them right the first time. */
  describe(): string[] {
    const out: string[] = [];
    const p = this.input.platform ? getPlatform(this.input.platform) : undefined;
    if (p) {
      const how =
        p.counting === 'x_weighted'
          ? 'counted as X counts them: emoji and CJK characters count 2, any link counts 23'
          : p.counting === 'gsm7'
            ? 'one SMS segment: only GSM-7 characters (plain letters, digits and basic punctuation; straight quotes; no emoji, no curly quotes), and € [ ] { } ^ ~ | \\ count 2'
            : 'every emoji or flag counts as 1';
      out.push(`Platform: ${p.name}. Each line at most ${this.limit} characters, ${how}.`);
    }
    out.push(
      this.hashtags === 'none'
        ? 'Hashtags: none. No line contains a # tag.'
        : `Hashtags: each line ends with 1 to ${HASHTAGS_FEW_MAX} hashtags, and has none elsewhere.`,
    );
    if (this.input.emojiRequired === true) out.push('Emoji: include 1 or 2 emoji.');
    else
      out.push(
        this.emoji === 'none' ? 'Emoji: none. No line contains an emoji.' : `Emoji: at most ${EMOJI_SOME_MAX} per line (none is fine).`,
      );
    if (this.voice.lowercase) out.push('Voice: write every line entirely in lower case, as the brand does.');
    if (this.voice.noShouting && this.voice.length) out.push('Voice: no words in capital letters for emphasis.');
    if (this.voice.noExclamation) out.push('Voice: no exclamation marks.');
    if (this.voice.length)
      out.push(`Voice: lines of ${this.voiceRange.min}-${this.voiceRange.max} characters (hashtags aside), like the example lines.`);
    return out;
  }

  /** The rules a provider broke, restated for its next attempt. */
  restate(broken: Iterable<RuleId>): string[] {
    const said = new Set<string>();
    for (const id of broken) said.add(RESTATED[id](this));
    return [...said];
  }
}

const RESTATED: Record<RuleId, (r: LineRules) => string> = {
  too_long: (r) => `Some lines were too long: every line must be at most ${r.limit} characters.`,
  too_short: (r) => `Some lines were too short: every line must be at least ${r.min} characters.`,
  sms_charset: () =>
    'Some lines had characters an SMS cannot carry: use only plain letters, digits, straight quotes and basic punctuation; no emoji.',
  hashtags_none: () => 'Some lines had hashtags: no line may contain a # tag.',
  hashtags_few: () =>
    `Some lines had no hashtags, too many, or hashtags in the middle: end each line with 1 to ${HASHTAGS_FEW_MAX} hashtags and put none elsewhere.`,
  emoji_none: () => 'Some lines had emoji: no line may contain an emoji.',
  emoji_some: () => `Some lines had too many emoji: at most ${EMOJI_SOME_MAX} per line.`,
  emoji_needed: () => 'The line must contain at least one emoji.',
  lowercase: () => 'Some lines used capital letters: write every line entirely in lower case.',
  shouting: () => 'Some lines shouted in capital letters: write normally, no words in capitals for emphasis.',
  exclamation: () => 'Some lines had exclamation marks: use none.',
  words_to_avoid: () => 'Some lines used a word from "wordsToAvoid": never use those words.',
  not_longer: () => 'The line must be longer than the original.',
  pasted_topic: () => 'Some lines repeated the topic word for word: write about it in new words, never the topic itself.',
  voice_length: (r) =>
    `Some lines strayed from the length of the brand's example lines: keep each line to ${r.voiceRange.min}-${r.voiceRange.max} characters, hashtags aside.`,
};

/** Drops what GSM-7 cannot carry, one grapheme at a time (after smart encoding). */
function removeNonGsm(text: string): string {
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let out = '';
  for (const { segment } of seg.segment(text)) if (isGsm7(segment)) out += segment;
  return tidy(out);
}
