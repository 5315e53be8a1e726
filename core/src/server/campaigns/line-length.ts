import { getPlatform, type PlatformId } from '../../platforms';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A campaign line's length as its platform counts it. */
export function lineLength(text: string, platform: PlatformId): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** Whether a line may be posted on its platform as it is. */
export function fitsLinePlatform(text: string, platform: PlatformId): boolean {
  return lineLength(text, platform) <= getPlatform(platform).maxChars;
}
