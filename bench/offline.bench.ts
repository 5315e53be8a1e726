/**
 * npm run bench:offline
 *
 * How varied the offline writer (no AI keys, or both providers down) is. For each brief: 10 requests
 * of 5 lines, each passed the lines shown before (the recent-lines memory), then prints the distinct
 * lines out of 50, the share of lines naming the subject (topic or brand name) and the number of
 * developer jokes for subjects that are not about code (and, for brand kits, lines with an avoided word). Seeded, so every run prints the same figures.
 */
import { generateOffline } from '../worker/src/generation/offline/offline-generator';
import { measureVariety } from '../worker/src/generation/offline/variety';
import { BENCH_BRIEFS } from '../worker/src/generation/offline/variety-briefs';

const rows = BENCH_BRIEFS.map((brief) => {
  const f = measureVariety(generateOffline, brief, { seed: 42 });
  return {
    brief: brief.name,
    distinct: `${f.distinct}/${f.total}`,
    'naming subject': f.naming === null ? '-' : `${Math.round((100 * f.naming) / f.total)}%`,
    'code jokes off-topic': f.offTopicCodeJokes,
    'avoided words': f.avoidedWords,
  };
});
console.table(rows);
