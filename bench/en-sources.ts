/**
 * npx tsx bench/en-sources.ts [<briefs.json>] — the built-in writer's English lines for a list of
 * briefs (`[{ brief, category, tone, platform? }]`, default bench/en-write-briefs.json), in order,
 * with the frame's reading and each line's source: `k:<pattern>` from the kinds library, `x:<pattern>`
 * built on the brief's clauses, `-` any other (hook shapes, restatements, the template writer). For
 * reading while tuning (issue 33); the briefs are invented for the writer round, never rated sets.
 */
import { readFileSync } from 'node:fs';
import { getPlatform, type CategoryId, type PlatformId, type Tone } from '@gl/core';
import { extractiveCandidates } from '@gl/worker/offline/brief-clauses';
import { parseFrame } from '@gl/worker/offline/frame';
import { kindCandidates } from '@gl/worker/offline/kind-writer';
import { generateOffline } from '@gl/worker/offline/offline-generator';
import { lineKey } from '@gl/worker/offline/text';

interface Row {
  brief: string;
  category: CategoryId;
  tone: Tone;
  platform?: PlatformId;
}

const rows = JSON.parse(readFileSync(process.argv[2] ?? 'bench/en-write-briefs.json', 'utf8')) as Row[];
rows.forEach((b, i) => {
  const platform = b.platform ? getPlatform(b.platform) : null;
  const f = parseFrame(b.brief);
  const source = new Map<string, string>();
  for (const c of kindCandidates({ frame: f, category: b.category, tone: b.tone, language: 'en' })) source.set(c.key, `k:${c.pattern}`);
  for (const c of extractiveCandidates(f, b.category, b.tone)) if (!source.has(c.key)) source.set(c.key, `x:${c.pattern}`);
  const reading = `kind=${f.kind.id}(${f.kindConfidence}) speaker=${f.speaker} name=${JSON.stringify(f.name)} subject=${JSON.stringify(f.subject)} offers=${JSON.stringify(f.offers)} facts=${JSON.stringify(f.facts.map((x) => x.text))} places=${JSON.stringify(f.places)}`;
  console.log(`\n#${i} ${b.brief} [${b.category}/${b.tone}/${b.platform ?? ''}]\n   ${reading}`);
  const { lines } = generateOffline({
    category: b.category,
    tone: b.tone,
    topic: b.brief,
    count: 5,
    maxChars: platform?.maxChars,
    hashtags: 'none',
    emoji: 'none',
    random: () => 0.5,
  });
  for (const l of lines) console.log(`   [${source.get(lineKey(l)) ?? '-'}] ${l}`);
});
