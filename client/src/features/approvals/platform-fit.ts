/**
 * How a shared line measures on its platform, as the platform counts (DESIGN.md §13): X's weighted
 * length, graphemes, and for an SMS the segments it will be sent in. `fitOnPlatform` uses the light
 * counters (light-count.ts, no library); `exactFit` is core's `countForPlatform` and `gsm7Length`,
 * loaded on demand only for a line the light ones cannot judge.
 */
import { PLATFORMS, type PlatformId } from '@gl/core/types';
import { lightGraphemes, lightGsm7Length, lightXWeighted } from './light-count';

/** GSM-7: 160 septets in one SMS, 153 a segment once split; UCS-2 (a character outside GSM-7): 70, then 67. */
const SMS = { gsm7: { single: 160, multi: 153 }, ucs2: { single: 70, multi: 67 } } as const;

export interface PlatformFit {
  count: number;
  limit: number;
  over: boolean;
  /** SMS only. */
  sms?: { segments: number; encoding: 'gsm7' | 'ucs2'; perSegment: number };
}

export interface Counters {
  graphemes(text: string): number;
  xWeighted(text: string): number | null;
  gsm7Length(text: string): number;
}

export const LIGHT_COUNTERS: Counters = { graphemes: lightGraphemes, xWeighted: lightXWeighted, gsm7Length: lightGsm7Length };

const limitOf = (platform: PlatformId | null) => PLATFORMS.find((p) => p.id === platform)?.maxChars ?? 0;

/** The fit with these counters; null when they cannot judge the line (see light-count.ts). */
export function fitOnPlatform(text: string, platform: PlatformId | null, counters: Counters = LIGHT_COUNTERS): PlatformFit | null {
  if (platform === 'sms') {
    const septets = counters.gsm7Length(text);
    const encoding = Number.isFinite(septets) ? 'gsm7' : 'ucs2';
    const count = encoding === 'gsm7' ? septets : text.length;
    const { single, multi } = SMS[encoding];
    const segments = count <= single ? 1 : Math.ceil(count / multi);
    return { count, limit: single, over: segments > 1, sms: { segments, encoding, perSegment: single } };
  }
  const counting = PLATFORMS.find((p) => p.id === platform)?.counting ?? 'graphemes';
  const count = counting === 'x_weighted' ? counters.xWeighted(text) : counters.graphemes(text);
  if (count === null) return null;
  const limit = limitOf(platform);
  return { count, limit, over: limit > 0 && count > limit };
}
