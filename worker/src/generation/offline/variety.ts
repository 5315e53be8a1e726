import type { OfflineRequest, OfflineResult } from './offline-generator';
import { containsAvoidedWord } from '../avoid-words';
import { isAboutCode } from './code-topic';
import { lineKey } from './text';

/**
 * How varied the offline writer is for one brief: the brief is asked `repeats` times for `count`
 * lines, each time with the keys of what it was shown before (the last `memory` lines, as the
 * recent-lines store keeps them). Shared by the bench (which prints the figures) and the unit
 * tests (which assert their floors).
 */
export interface Brief {
  name: string;
  request: Omit<OfflineRequest, 'count' | 'recent' | 'random'>;
}

export interface VarietyFigures {
  total: number;
  distinct: number;
  /** Lines that name the topic or the brand name (case-insensitively); null without either. */
  naming: number | null;
  /** Lines joking about code although the brief is not about code. */
  offTopicCodeJokes: number;
  /** Lines containing one of the brand's words to avoid. */
  avoidedWords: number;
}

/** A small seeded random source (mulberry32), so figures are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words of developer jokes; independent of the content's own tags, so the figure checks them. */
const CODE_JOKE =
  /(?<![\p{L}\p{N}])(?:code|coding|bugs?|debug\w*|deploy\w*|compiles?|hotfix|merge|console\.log|ctrl\+z|error 404|release notes|#devlife|tabs?|browser|works on (?:my|our) machine|it's on the roadmap|drivers|software engineer)(?![\p{L}\p{N}])/iu;

export function isCodeJoke(line: string): boolean {
  return CODE_JOKE.test(line);
}

export function measureVariety(
  generate: (req: OfflineRequest) => OfflineResult,
  brief: Brief,
  opts: { repeats?: number; count?: number; memory?: number; seed?: number } = {},
): VarietyFigures {
  const { repeats = 10, count = 5, memory = 200, seed = 1 } = opts;
  const random = seededRandom(seed);
  const shown: string[] = [];
  const subjects = [brief.request.topic, brief.request.brand?.name]
    .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    .map((s) => s.trim().toLowerCase());
  const aboutCode = isAboutCode(`${brief.request.topic ?? ''} ${brief.request.brand?.name ?? ''}`);
  let naming = 0;
  let jokes = 0;
  let avoided = 0;
  for (let i = 0; i < repeats; i++) {
    const { lines } = generate({ ...brief.request, count, random, recent: new Set(memory > 0 ? shown.slice(-memory) : []) });
    for (const line of lines) {
      shown.push(lineKey(line));
      if (subjects.some((s) => line.toLowerCase().includes(s))) naming++;
      if (!aboutCode && isCodeJoke(line)) jokes++;
      if (containsAvoidedWord(line, brief.request.brand?.wordsToAvoid ?? [])) avoided++;
    }
  }
  return {
    total: shown.length,
    distinct: new Set(shown).size,
    naming: subjects.length > 0 ? naming : null,
    offTopicCodeJokes: jokes,
    avoidedWords: avoided,
  };
}
