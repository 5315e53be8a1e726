/**
 * npx tsx bench/en-dev.ts [clauses|dev] [<index>] — prints the built-in writer's English lines for
 * the dev briefs (worker/src/lines/offline/dev-briefs.ts), for reading while tuning (issue 33).
 * Lines built on the brief's own clauses are marked "x".
 */
import { extractiveCandidates, briefClauses } from '@gl/worker/offline/brief-clauses';
import { CLAUSE_DEV_BRIEFS, DEV_BRIEFS } from '@gl/worker/offline/dev-briefs';
import { parseFrame } from '@gl/worker/offline/frame';
import { generateOffline } from '@gl/worker/offline/offline-generator';
import { lineKey } from '@gl/worker/offline/text';

const set = process.argv[2] === 'dev' ? DEV_BRIEFS : CLAUSE_DEV_BRIEFS;
const only = process.argv[3] !== undefined ? Number(process.argv[3]) : null;
set.forEach((b, i) => {
  if (only !== null && i !== only) return;
  const f = parseFrame(b.topic);
  const clauses = briefClauses(f);
  const x = new Set(extractiveCandidates(f, b.category, b.tone).map((c) => c.key));
  console.log(`\n#${i} ${b.topic}  [${b.category}/${b.tone}] speaker=${f.speaker} name=${JSON.stringify(f.name)}`);
  console.log(`   clauses: ${clauses.map((c) => `${c.kind}:"${c.text}"`).join(' | ')}`);
  const { lines } = generateOffline({ category: b.category, tone: b.tone, topic: b.topic, count: 5, random: () => 0.5, emoji: 'none' });
  for (const l of lines) console.log(`   ${x.has(lineKey(l)) ? 'x' : '-'} ${l}`);
});
