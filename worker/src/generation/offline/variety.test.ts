import { CATEGORY_IDS, LANGUAGE_IDS, TONES } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { generateOffline } from './offline-generator';
import { measureVariety } from './variety';
import { BENCH_BRIEFS } from './variety-briefs';

/** The floors of issue #14, on the bench's fixed briefs with a seeded random (npm run bench:offline prints the figures). */
describe('offline writer variety', () => {
  it.each(BENCH_BRIEFS.map((b) => [b.name, b] as const))(
    '%s: 45+ distinct of 50, 80%+ naming the subject, no off-topic code jokes',
    (_, brief) => {
      for (const seed of [1, 2, 3]) {
        const f = measureVariety(generateOffline, brief, { seed });
        expect(f.total).toBe(50);
        expect(f.distinct).toBeGreaterThanOrEqual(45);
        if (f.naming !== null) expect(f.naming / f.total).toBeGreaterThanOrEqual(0.8);
        expect(f.offTopicCodeJokes).toBe(0);
        expect(f.avoidedWords).toBe(0);
      }
    },
  );

  it.each(LANGUAGE_IDS)('%s keeps the floors for every category and tone with a short topic', (language) => {
    for (const category of CATEGORY_IDS) {
      for (const tone of TONES) {
        const f = measureVariety(generateOffline, { name: '', request: { category, tone, language, topic: 'Maple & Co' } }, { seed: 7 });
        expect(f.distinct, `${language}/${category}/${tone}`).toBeGreaterThanOrEqual(45);
        expect(f.naming! / f.total, `${language}/${category}/${tone}`).toBeGreaterThanOrEqual(0.8);
        expect(f.offTopicCodeJokes, `${language}/${category}/${tone}`).toBe(0);
      }
    }
  });

  it('without the memory, the same seed repeats itself (the memory is what makes repeats differ)', () => {
    const brief = BENCH_BRIEFS[0]!;
    const f = measureVariety(generateOffline, brief, { seed: 5, memory: 0 });
    expect(f.distinct).toBeLessThan(45);
  });
});
