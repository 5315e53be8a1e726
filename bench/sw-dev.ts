/**
 * npx tsx bench/sw-dev.ts [all|<index>] — prints the built-in writer's Kiswahili lines for the dev
 * briefs (worker/src/lines/offline/sw-dev-briefs.ts), for reading while tuning (issue 33).
 * `all` writes every category in the brief's tone; by default only the brief's own category.
 */
import { CATEGORY_IDS, type CategoryId } from '@gl/core';
import { parseFrame } from '@gl/worker/offline/frame';
import { generateOffline } from '@gl/worker/offline/offline-generator';
import { SW_DEV_BRIEFS } from '@gl/worker/offline/sw-dev-briefs';

const arg = process.argv[2];
const all = arg === 'all';
const only = arg !== undefined && /^\d+$/.test(arg) ? Number(arg) : null;
SW_DEV_BRIEFS.forEach((b, i) => {
  if (only !== null && i !== only) return;
  const f = parseFrame(b.brief);
  console.log(
    `\n#${i} ${b.brief}  [${b.category}/${b.tone}]\n   kind=${f.kind.id} lang=${f.language} name=${JSON.stringify(f.name)} subject=${JSON.stringify(f.subject)} offers=${JSON.stringify(f.offers)} facts=${JSON.stringify(f.facts.map((x) => x.text))} places=${JSON.stringify(f.places)} speaker=${f.speaker}`,
  );
  const cats: CategoryId[] = all ? [...CATEGORY_IDS] : [b.category];
  for (const category of cats) {
    const { lines } = generateOffline({ category, tone: b.tone, topic: b.brief, count: 5, language: 'sw', random: () => 0.5 });
    if (all) console.log(`  ${category}:`);
    for (const l of lines) console.log(`   - ${l}`);
  }
});
