/** The exact counters of core (twitter-text, the SMS segment calculator): loaded only for a line the light ones cannot judge. */
import { countGraphemes, gsm7Length, xWeightedLength } from '@gl/core/types';
import type { Counters } from './platform-fit';

export const EXACT_COUNTERS: Counters = { graphemes: countGraphemes, xWeighted: xWeightedLength, gsm7Length };
