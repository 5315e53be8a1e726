/**
 * How a shared line measures on its platform, counted as the platform counts (DESIGN.md §13, the
 * same `countForPlatform` the generator's counter uses): X's weighted length, graphemes, and for an
 * SMS the segments it will be sent in. Loaded on demand (`useLineFit`), so the counting libraries
 * never hold up the client's first paint.
 */
import { countForPlatform, getPlatform, gsm7Length, type PlatformId } from '@gl/core/types';

/** GSM-7: 160 septets in one SMS, 153 a segment once split; UCS-2 (a character outside GSM-7): 70, then 67. */
const SMS = { gsm7: { single: 160, multi: 153 }, ucs2: { single: 70, multi: 67 } } as const;

export interface PlatformFit {
  count: number;
  limit: number;
  over: boolean;
  /** SMS only. */
  sms?: { segments: number; encoding: 'gsm7' | 'ucs2'; perSegment: number };
}

export function smsSegments(text: string): NonNullable<PlatformFit['sms']> & { count: number } {
  const septets = gsm7Length(text);
  const encoding = Number.isFinite(septets) ? 'gsm7' : 'ucs2';
  const count = encoding === 'gsm7' ? septets : text.length;
  const { single, multi } = SMS[encoding];
  const segments = count <= single ? 1 : Math.ceil(count / multi);
  return { count, encoding, segments, perSegment: single };
}

export function fitOnPlatform(text: string, platform: PlatformId | null): PlatformFit {
  if (platform === 'sms') {
    const sms = smsSegments(text);
    return { count: sms.count, limit: sms.perSegment, over: sms.segments > 1, sms };
  }
  const count = countForPlatform(text, platform);
  const limit = platform ? getPlatform(platform).maxChars : 0;
  return { count, limit, over: limit > 0 && count > limit };
}
