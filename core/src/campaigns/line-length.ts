import { countForPlatform, countGraphemes, fitsPlatform, type PlatformId } from '../lines';

/**
 * A campaign line's length as its platform counts it (X's weighted length, GSM-7 for SMS,
 * graphemes elsewhere). Text that SMS cannot carry in GSM-7 is counted in graphemes here (it
 * does not fit, whatever its length: see `fitsLinePlatform`).
 */
export function lineLength(text: string, platform: PlatformId): number {
  const n = countForPlatform(text, platform);
  return Number.isFinite(n) ? Math.ceil(n) : countGraphemes(text);
}

/** Whether a line may be posted on its platform as it is. */
export function fitsLinePlatform(text: string, platform: PlatformId): boolean {
  return fitsPlatform(text, platform);
}
