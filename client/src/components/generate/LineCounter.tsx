import { countForPlatform, getPlatform, isGsm7, lineLimit, type CategoryId, type PlatformId } from '@gl/core/types';

/** One SMS segment once a character outside GSM-7 is in it (UCS-2). */
export const SMS_UCS2_LIMIT = 70;

export interface LineFit {
  count: number;
  limit: number;
  over: boolean;
  /** SMS only: the first character outside the SMS alphabet, which cuts the segment to 70. */
  nonGsm?: string;
}

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
export function measureLine(
  text: string,
  brief: { platform?: PlatformId | null; maxChars?: number | null; category: CategoryId },
): LineFit | null {
  const { platform, maxChars, category } = brief;
  if (!platform && !maxChars) return null;
  const limit = lineLimit(platform, maxChars, category);
  if (platform && getPlatform(platform).counting === 'gsm7' && !isGsm7(text)) {
    // UCS-2: every UTF-16 unit counts, and one segment holds 70.
    const ucs2Limit = Math.min(limit, SMS_UCS2_LIMIT);
    return { count: text.length, limit: ucs2Limit, over: text.length > ucs2Limit, nonGsm: firstNonGsm(text) };
  }
  const count = countForPlatform(text, platform);
  return { count, limit, over: count > limit };
}

/** "42 / 125" under a line: red past the limit (and said so to a screen reader); for SMS, what cut a segment to 70. */
export default function LineCounter({ fit, id }: { fit: LineFit; id?: string }) {
  return (
    <p id={id} data-testid="line-counter" data-over={fit.over ? 'true' : undefined} className="mt-1.5 text-xs">
      <span
        className={`tabular-nums ${fit.over ? 'font-semibold text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {fit.count} / {fit.limit}
        <span className="sr-only"> characters{fit.over ? `, ${fit.count - fit.limit} over the limit` : ''}</span>
        {fit.over && <span aria-hidden="true"> · over the limit</span>}
      </span>
      {fit.nonGsm !== undefined && (
        <span className="mt-0.5 block text-amber-800 dark:text-amber-200" data-testid="sms-segment-note">
          “{fit.nonGsm}” is not in the SMS alphabet, so one SMS holds {SMS_UCS2_LIMIT} characters.
        </span>
      )}
    </p>
  );
}
