/** Helpers of the offline writer's measurements (measure.ts): a seeded random source and what a developer joke is. */

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
