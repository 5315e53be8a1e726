/**
 * npm run bench:rate -- sheet <briefs.json> [<out-dir>]
 * npm run bench:rate -- score <out-dir>
 *
 * Blind ratings of the built-in writer (issue 33, docs/writer-rubric.md). `sheet` writes five
 * lines for every brief of a briefs file (a JSON array of `{ brief, category, tone, platform?,
 * language? }`), shuffled, as `sheet.tsv` (row, brief, category, tone, platform, line, and an empty
 * rating column) with nothing that says which writer or version wrote a line, and the key to it as
 * `key.json` beside it; it prints the sheet. The rater fills the last column with 0, 1 or 2 and saves
 * it as `ratings.tsv` in the same folder (or fills `sheet.tsv` itself). `score` reads the ratings
 * back with the key and prints the mean, the share of 2s and of 0s, by category, tone, platform,
 * Kenyan or not and language, and per set of five: the lines that use a fact of the brief as
 * written and whether a pattern was used twice.
 *
 * Keep each rated round in bench/ratings/<date>/ as history; never tune the writer on a rated set
 * (tune on the frame corpus only) — the next round's briefs are new again.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getPlatform, type CategoryId, type LanguageId, type PlatformId, type Tone } from '@gl/core';
import { parseFrame } from '@gl/worker/offline/frame';
import { generateOffline } from '@gl/worker/offline/offline-generator';

interface BriefRow {
  brief: string;
  category: CategoryId;
  tone: Tone;
  platform?: PlatformId;
  language?: LanguageId;
}
interface KeyRow {
  row: number;
  set: number;
  brief: string;
  category: CategoryId;
  tone: Tone;
  platform: string;
  language: LanguageId;
  kenyan: boolean;
  facts: string[];
  line: string;
  writer: string;
}

/** A seeded shuffle (mulberry32), so a sheet can be written again the same way. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const cell = (s: string) => s.replace(/[\t\n\r]+/g, ' ');

function sheet(briefsFile: string, outDir: string): void {
  const briefs = JSON.parse(readFileSync(briefsFile, 'utf8')) as BriefRow[];
  let version = 'unknown';
  try {
    version = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout: the key says so.
  }
  const rows: Omit<KeyRow, 'row'>[] = [];
  briefs.forEach((b, set) => {
    const platform = b.platform ? getPlatform(b.platform) : null;
    const language = b.language ?? 'en';
    const frame = parseFrame(b.brief);
    const { lines } = generateOffline({
      category: b.category,
      tone: b.tone,
      topic: b.brief,
      count: 5,
      language,
      platform: b.platform ?? null,
      maxChars: platform?.maxChars,
      hashtags: platform?.hashtags,
      emoji: platform?.emoji,
    });
    for (const line of lines) {
      rows.push({
        set,
        brief: b.brief,
        category: b.category,
        tone: b.tone,
        platform: b.platform ?? '',
        language,
        kenyan: frame.kenyan,
        facts: frame.facts.map((f) => f.text),
        line,
        writer: `offline@${version}`,
      });
    }
  });
  const key: KeyRow[] = shuffled(rows, 20261128).map((r, i) => ({ row: i + 1, ...r }));
  mkdirSync(outDir, { recursive: true });
  const tsv = [
    'row\tbrief\tcategory\ttone\tplatform\tline\trating',
    ...key.map((r) => [r.row, r.brief, r.category, r.tone, r.platform, r.line, ''].map((v) => cell(String(v))).join('\t')),
  ].join('\n');
  writeFileSync(path.join(outDir, 'sheet.tsv'), `${tsv}\n`);
  writeFileSync(path.join(outDir, 'key.json'), `${JSON.stringify(key, null, 1)}\n`);
  console.log(tsv);
  console.error(
    `\n${key.length} rows: ${path.join(outDir, 'sheet.tsv')} (key: key.json). Rate 0/1/2 in the last column, save as ratings.tsv, then: npm run bench:rate -- score ${outDir}`,
  );
}

function score(dir: string): void {
  const key = JSON.parse(readFileSync(path.join(dir, 'key.json'), 'utf8')) as KeyRow[];
  const file = existsSync(path.join(dir, 'ratings.tsv')) ? 'ratings.tsv' : 'sheet.tsv';
  const ratings = new Map<number, number>();
  for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n').slice(1)) {
    const cols = line.split('\t');
    const rating = Number(cols[cols.length - 1]);
    if (cols.length >= 2 && [0, 1, 2].includes(rating) && cols[cols.length - 1]?.trim() !== '') ratings.set(Number(cols[0]), rating);
  }
  const rated = key.filter((r) => ratings.has(r.row)).map((r) => ({ ...r, rating: ratings.get(r.row) as number }));
  if (rated.length === 0) {
    console.log(`No ratings in ${file} yet.`);
    return;
  }
  const figures = (rs: typeof rated) => {
    const n = rs.length;
    const mean = rs.reduce((a, r) => a + r.rating, 0) / n;
    const twos = rs.filter((r) => r.rating === 2).length / n;
    const zeros = rs.filter((r) => r.rating === 0).length / n;
    return `${String(n).padStart(4)}  mean ${mean.toFixed(2)}  2s ${Math.round(100 * twos)}%  0s ${Math.round(100 * zeros)}%`;
  };
  const by = (title: string, group: (r: (typeof rated)[number]) => string) => {
    console.log(`\nBy ${title}`);
    const groups = new Map<string, typeof rated>();
    for (const r of rated) groups.set(group(r), [...(groups.get(group(r)) ?? []), r]);
    for (const [k, rs] of [...groups].sort()) console.log(`  ${k.padEnd(24)} ${figures(rs)}`);
  };
  console.log(`All lines            ${figures(rated)}   (${rated.length} of ${key.length} rated)`);
  by('category', (r) => r.category);
  by('tone', (r) => r.tone);
  by('platform', (r) => r.platform || '(none)');
  by('Kenyan brief', (r) => (r.kenyan ? 'Kenyan' : 'elsewhere'));
  by('language', (r) => r.language);
  console.log('\nPer set: lines using a fact of the brief as written (briefs with facts)');
  const sets = new Map<number, KeyRow[]>();
  for (const r of key) sets.set(r.set, [...(sets.get(r.set) ?? []), r]);
  for (const [, rs] of sets) {
    const facts = rs[0]?.facts ?? [];
    if (facts.length === 0) continue;
    const using = rs.filter((r) => facts.some((f) => r.line.toLowerCase().includes(f.toLowerCase()))).length;
    console.log(`  ${using}/${rs.length}  ${rs[0]?.brief.slice(0, 70)}`);
  }
  const sorted = [...rated].sort((a, b) => a.rating - b.rating);
  console.log('\nWorst lines');
  for (const r of sorted.slice(0, 8)) console.log(`  ${r.rating}  ${r.line}   [${r.brief.slice(0, 50)}]`);
  console.log('\nBest lines');
  for (const r of sorted.slice(-8).reverse()) console.log(`  ${r.rating}  ${r.line}   [${r.brief.slice(0, 50)}]`);
}

const [command, a, b] = process.argv.slice(2);
if (command === 'sheet' && a) sheet(a, b ?? path.join('bench', 'ratings', new Date().toISOString().slice(0, 10)));
else if (command === 'score' && a) score(a);
else {
  console.error('usage: npm run bench:rate -- sheet <briefs.json> [<out-dir>] | score <out-dir>');
  process.exitCode = 1;
}
