/**
 * Counting a line the way its platform counts it (DESIGN.md §13), shared by the server's hard rules
 * and the client's live counter. Browser-safe: X's weighted length comes from `twitter-text`, one
 * SMS segment's GSM-7 septets from Twilio's `sms-segments-calculator`, everything else is
 * user-perceived characters (`Intl.Segmenter` graphemes, so a flag or a skin-toned emoji counts once).
 */
import twitterText from 'twitter-text';
import { SegmentedMessage } from 'sms-segments-calculator';
import { getCategory, type CategoryId } from '../platform/catalogue';
import { getPlatform, type EmojiMode, type HashtagMode, type PlatformId } from './platforms';

let segmenter: Intl.Segmenter | undefined;

/** User-perceived characters: "🇰🇪" and "👍🏽" count 1 each, "é" written as e + accent counts 1. */
export function countGraphemes(text: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** X's weighted length (the `twitter-text` library): CJK and emoji weigh 2, any URL 23. */
export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

/** Whether every character of `text` is in the GSM 03.38 alphabet (basic table or its extension table). */
export function isGsm7(text: string): boolean {
  if (text === '') return true;
  return new SegmentedMessage(text, 'auto').encodingName === 'GSM-7';
}

/**
 * GSM-7 septets of `text` (an extension character such as € [ ] { } ^ ~ | \ counts 2); Infinity when
 * a character is outside GSM-7 (one such character turns the message into 70-character UCS-2 segments,
 * so it never fits one 160-character segment as written).
 */
export function gsm7Length(text: string): number {
  if (text === '') return 0;
  const message = new SegmentedMessage(text, 'auto');
  if (message.encodingName !== 'GSM-7') return Infinity;
  return message.messageSize / 7;
}

/**
 * `text` with Twilio's "smart encoding" applied: curly quotes, dashes, ellipses and other look-alikes
 * replaced by their GSM-7 equivalents (what an SMS gateway would send). Characters without one stay.
 */
export function gsm7SmartEncode(text: string): string {
  if (text === '') return text;
  return new SegmentedMessage(text, 'auto', true).graphemes.join('');
}

/** The hashtags of `text` as X finds them (`#1` is not one, `a#b` is not one), with their UTF-16 ranges. */
export function hashtagsOf(text: string): Array<{ tag: string; start: number; end: number }> {
  return twitterText.extractHashtagsWithIndices(text).map((h) => ({ tag: h.hashtag, start: h.indices[0], end: h.indices[1] }));
}

/** ©, ® and ™ are Extended_Pictographic but read as text in copy; they are not counted as emoji. */
const TEXT_SIGNS = /^[\u00a9\u00ae\u2122]$/u;
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** The emoji of `text`, one entry per user-perceived character (a flag or a skin-toned emoji is one). */
export function emojiOf(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const found: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    if (EMOJI_PART.test(segment) && !TEXT_SIGNS.test(segment)) found.push(segment);
  }
  return found;
}

/** How many emoji `text` has (Unicode Extended_Pictographic, flags and keycaps; see `emojiOf`). */
export function countEmoji(text: string): number {
  return emojiOf(text).length;
}

/** A line's length as `platform` counts it; no platform: graphemes. */
export function countForPlatform(text: string, platform: PlatformId | null | undefined): number {
  if (!platform) return countGraphemes(text);
  switch (getPlatform(platform).counting) {
    case 'x_weighted':
      return xWeightedLength(text);
    case 'gsm7':
      return gsm7Length(text);
    default:
      return countGraphemes(text);
  }
}

/**
 * The limit a line must meet: the platform's limit, the user's `maxChars` and the category's upper
 * bound all apply, and the smallest wins. With none of them: Infinity.
 */
export function lineLimit(platform: PlatformId | null | undefined, maxChars?: number | null, category?: CategoryId | null): number {
  let limit = Infinity;
  if (platform) limit = Math.min(limit, getPlatform(platform).maxChars);
  if (maxChars) limit = Math.min(limit, maxChars);
  if (category) limit = Math.min(limit, getCategory(category).maxChars);
  return limit;
}

/** Whether `text` fits `platform` (counted its way) and `maxChars`. */
export function fitsPlatform(text: string, platform: PlatformId | null | undefined, maxChars?: number | null): boolean {
  return countForPlatform(text, platform) <= lineLimit(platform, maxChars);
}

/**
 * The hashtag and emoji rules a generation keeps: what the request says, else the platform's
 * defaults, else (no platform) no hashtags but on captions (1 to 3) and at most 2 emoji.
 */
export function switchesFor(
  category: CategoryId,
  platform: PlatformId | null | undefined,
  asked: { hashtags?: HashtagMode | null; emoji?: EmojiMode | null } = {},
): { hashtags: HashtagMode; emoji: EmojiMode } {
  const p = platform ? getPlatform(platform) : undefined;
  return {
    hashtags: asked.hashtags ?? p?.hashtags ?? (category === 'captions' ? 'few' : 'none'),
    emoji: asked.emoji ?? p?.emoji ?? 'some',
  };
}
