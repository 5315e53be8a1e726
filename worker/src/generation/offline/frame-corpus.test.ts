import { beforeAll, describe, expect, it } from 'vitest';
import corpus from './frame-corpus.json' with { type: 'json' };
import { parseFrame, type Frame } from './frame';

interface Expected {
  brief: string;
  kind?: string;
  facts: string[];
  places: string[];
  name: string | null;
}
const BRIEFS = corpus.briefs as Expected[];
const sorted = (xs: readonly string[]) => [...xs].map((x) => x.toLowerCase()).sort();

/** Every brief's frame against what a reader expects; the misses, listed. */
function misses(field: 'kind' | 'facts' | 'places' | 'name'): string[] {
  const out: string[] = [];
  for (const e of BRIEFS) {
    const f = frames.get(e.brief) as Frame;
    if (field === 'kind' && e.kind !== undefined && f.kind.id !== e.kind) out.push(`${e.brief}: kind ${f.kind.id}, expected ${e.kind}`);
    if (field === 'facts' && JSON.stringify(sorted(f.facts.map((x) => x.text))) !== JSON.stringify(sorted(e.facts)))
      out.push(`${e.brief}: facts ${JSON.stringify(f.facts.map((x) => x.text))}, expected ${JSON.stringify(e.facts)}`);
    if (field === 'places' && JSON.stringify(sorted(f.places)) !== JSON.stringify(sorted(e.places)))
      out.push(`${e.brief}: places ${JSON.stringify(f.places)}, expected ${JSON.stringify(e.places)}`);
    if (field === 'name' && f.name !== e.name) out.push(`${e.brief}: name ${JSON.stringify(f.name)}, expected ${JSON.stringify(e.name)}`);
  }
  return out;
}

const frames = new Map<string, Frame>();

describe('the frame corpus (issue 33)', () => {
  // Reading 300 briefs with compromise takes a few seconds on a busy machine: once, with room for it.
  beforeAll(() => {
    for (const e of BRIEFS) frames.set(e.brief, parseFrame(e.brief));
  }, 120_000);

  it('has at least 300 briefs across at least 60 kinds, in English and Kiswahili', () => {
    expect(BRIEFS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(BRIEFS.map((b) => b.kind).filter(Boolean)).size).toBeGreaterThanOrEqual(60);
  });

  it.each(['facts', 'places', 'name'] as const)('reads the %s of every brief as expected', (field) => {
    const miss = misses(field);
    expect(miss, miss.join('\n')).toEqual([]);
  });

  it('finds the expected kind for at least 93% of the briefs', () => {
    // The one stated tolerance: a brief naming two kinds ("a SaaS for school fees", "a dog rescue shelter")
    // may be read as the other one; the misses are listed so the match words can be tuned.
    const miss = misses('kind');
    const withKind = BRIEFS.filter((b) => b.kind !== undefined).length;
    expect(1 - miss.length / withKind, miss.join('\n')).toBeGreaterThanOrEqual(0.93);
  });
});
