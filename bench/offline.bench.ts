/**
 * npm run bench:offline [-- --held-out] [-- --samples]
 *
 * How well the offline writer (no AI keys, or both providers down) answers briefs. For each brief:
 * 10 requests of 5 lines, each passed the lines shown before (the recent-lines memory), then prints
 * the share of lines on the subject (a word of the brief or a close relative), distinct lines of
 * 50, lines pasting five or more words of the topic in a row, lines with a sentence starting in
 * lower case, developer jokes for subjects that are not about code, lines over the limit, Kiswahili
 * lines with English words, and the time of one generation. Close relatives are words sharing a stem
 * ("baker", "bakery") and the lexicon's translations ("bakery" -> "duka la mikate"), so a Kiswahili
 * line about an English brief counts. Seeded, so every run prints the same
 * figures (but the times). The tuning briefs first, then the held-out briefs (never tuned on);
 * `--held-out` prints only those, `--samples` prints five lines of each brief.
 */
import { generateOffline } from '@gl/worker/offline/offline-generator';
import { translations } from '@gl/worker/offline/lexicon';
import { measureBrief, type BenchBrief, type BriefFigures } from '@gl/worker/offline/measure';
import { TUNING_BRIEFS } from './offline-briefs';
import { HELD_OUT_BRIEFS } from './offline-briefs.heldout';

const args = new Set(process.argv.slice(2));
const pct = (n: number, d: number) => (d === 0 ? 'no lines' : `${Math.round((100 * n) / d)}%`);

function table(title: string, briefs: BenchBrief[]): void {
  const all: BriefFigures[] = [];
  const rows = briefs.map((brief) => {
    const f = measureBrief(generateOffline, brief, { seed: 42, relatives: translations });
    all.push(f);
    if (args.has('--samples')) console.log(`\n${brief.name}\n  ${f.lines.slice(0, 5).join('\n  ')}`);
    return {
      brief: brief.name,
      'on subject': pct(f.onSubject, f.total),
      distinct: `${f.distinct}/${f.total}`,
      pasted: f.pasted,
      'lower starts': f.lowerStarts,
      'dev jokes': f.offTopicCodeJokes,
      'over limit': f.overLimit,
      'sw with English': brief.request.language === 'sw' ? f.englishInSwahili : '-',
      'ms/gen': f.meanMs.toFixed(2),
    };
  });
  const sum = (k: keyof BriefFigures) => all.reduce((n, f) => n + (f[k] as number), 0);
  const total = sum('total');
  rows.push({
    brief: `TOTAL (${briefs.length} briefs)`,
    'on subject': pct(sum('onSubject'), total),
    distinct: `min ${Math.min(...all.map((f) => f.distinct))}/50`,
    pasted: sum('pasted'),
    'lower starts': sum('lowerStarts'),
    'dev jokes': sum('offTopicCodeJokes'),
    'over limit': sum('overLimit'),
    'sw with English': sum('englishInSwahili'),
    'ms/gen': `${(all.reduce((n, f) => n + f.meanMs, 0) / all.length).toFixed(2)} (max ${Math.max(...all.map((f) => f.maxMs)).toFixed(1)})`,
  });
  console.log(`\n${title}`);
  console.table(rows);
}

// Warm up (module loading, JIT) so the first brief's time is not the loader's.
for (let i = 0; i < 5; i++) generateOffline({ category: 'taglines', tone: 'bold', topic: 'warm-up bakery in town', count: 5 });
if (!args.has('--held-out')) table('Tuning briefs', TUNING_BRIEFS);
table('Held-out briefs (never tuned on)', HELD_OUT_BRIEFS);
