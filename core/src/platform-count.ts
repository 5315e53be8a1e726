/**
 * Counting a line the way its platform counts it (DESIGN.md §13), shared by the server's hard rules
 * and the client's live counter. Browser-safe: X's weighted length comes from `twitter-text`, one
 * SMS segment's GSM-7 septets from Twilio's `sms-segments-calculator`, everything else is
 * user-perceived characters (`Intl.Segmenter` graphemes, so a flag or a skin-toned emoji counts once).
 */
import twitterText from 'twitter-text';
import { SegmentedMessage } from 'sms-segments-calculator';
import { getCategory, type CategoryId } from './catalogue';
import { getPlatform, type PlatformId } from './platforms';

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
