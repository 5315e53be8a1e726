import type { CategoryId, Tone } from '@gl/core';
import { ADLINES } from './adlines';
import { BIOS } from './bios';
import { CAPTIONS } from './captions';
import { QUOTES } from './quotes';
import { SLOGANS } from './slogans';
import { TAGLINES } from './taglines';

/** The curated English library: generic lines (no topic) per category and tone. */
export const LIBRARY: Record<CategoryId, Record<Tone, string[]>> = {
  taglines: TAGLINES,
  bios: BIOS,
  captions: CAPTIONS,
  quotes: QUOTES,
  slogans: SLOGANS,
  adlines: ADLINES,
};

export function curatedLines(category: CategoryId, tone: Tone): readonly string[] {
  return LIBRARY[category][tone];
}
