/**
 * Measuring a line against its limit, counted as its platform counts (DESIGN.md §13). Loaded on
 * demand (`useLineMeasure`): the counting libraries (twitter-text, the SMS segment calculator)
 * reach the browser only when a generation has a limit to count against.
 */
import { countForPlatform, getPlatform, isGsm7, lineLimit, type CategoryId, type PlatformId } from '@gl/core/types';

/** One SMS segment once a character outside GSM-7 is in it (UCS-2). */
export const SMS_UCS2_LIMIT = 70;

export interface LineFit {
  count: number;
  limit: number;
  over: boolean;
  /** SMS only: the first character outside the SMS alphabet, and the segment it cuts the line to (70). */
  nonGsm?: { char: string; segment: number };
}

export interface LineBrief {
  platform?: PlatformId | null;
  maxChars?: number | null;
  category: CategoryId;
}

/** Whether a generation has a limit to count against: a platform or Max chars. */
export const hasLimit = (brief: LineBrief): boolean => Boolean(brief.platform || brief.maxChars);

function firstNonGsm(text: string): string | undefined {
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if (!isGsm7(segment)) return segment;
  }
  return undefined;
}

/**
 * How a line measures against the limit its generation asked for (the platform's, Max chars and
 * the category's: the smallest wins), counted as the platform counts. Null when neither a platform
 * nor Max chars applies.
 */
export function measureLine(text: string, brief: LineBrief): LineFit | null {
  const { platform, maxChars, category } = brief;
  if (!hasLimit(brief)) return null;
  const limit = lineLimit(platform, maxChars, category);
  if (platform && getPlatform(platform).counting === 'gsm7' && !isGsm7(text)) {
    // UCS-2: every UTF-16 unit counts, and one segment holds 70.
    const ucs2Limit = Math.min(limit, SMS_UCS2_LIMIT);
    const char = firstNonGsm(text);
    return {
      count: text.length,
      limit: ucs2Limit,
      over: text.length > ucs2Limit,
      ...(char ? { nonGsm: { char, segment: SMS_UCS2_LIMIT } } : {}),
    };
  }
  const count = countForPlatform(text, platform);
  return { count, limit, over: count > limit };
}
