import { beforeAll, describe, expect, it } from 'vitest';
import corpus from './frame-corpus.json' with { type: 'json' };
import { parseFrame, type Frame } from './frame';

interface Expected {
  brief: string;
  kind?: string;
  facts: string[];
  places: string[];
  name: string | null;
  /** Optional (issue 33, the frame's guards): who speaks, the subject (null: none), how sure the kind is, the hook. */
  speaker?: string;
  subject?: string | null;
  kindConfidence?: string;
  hook?: string | null;
  /** A kind the brief must not get (the audience or a describing word never sets it). */
  notKind?: string;
  /** Fragments no name, subject or offer may hold (request words, clause pieces, a second job). */
  notInSlots?: string[];
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

/** The misses of the optional fields: every one must hold (no tolerance: a wrong slot is a 0). */
function guardMisses(): string[] {
  const out: string[] = [];
  for (const e of BRIEFS) {
    const f = frames.get(e.brief) as Frame;
    const check = (field: string, got: unknown, want: unknown) => {
      if (want !== undefined && got !== want) out.push(`${e.brief}: ${field} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    };
    check('speaker', f.speaker, e.speaker);
    check('subject', f.subject, e.subject);
    check('kindConfidence', f.kindConfidence, e.kindConfidence);
    check('hook', f.hook, e.hook);
    if (e.notKind !== undefined && f.kind.id === e.notKind) out.push(`${e.brief}: kind ${f.kind.id}, which it is not`);
    for (const bad of e.notInSlots ?? []) {
      const re = new RegExp(`(?:^|[^\\p{L}\\d])${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}\\d])`, 'iu');
      for (const slot of [f.name, f.subject, ...f.offers])
        if (slot && re.test(slot)) out.push(`${e.brief}: slot ${JSON.stringify(slot)} holds "${bad}"`);
    }
  }
  return out;
}

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

  it('reads who speaks, the subject, the kind confidence and the hook, and keeps fragments out of every slot', () => {
    expect(BRIEFS.filter((b) => b.speaker !== undefined || b.notInSlots !== undefined).length).toBeGreaterThanOrEqual(40);
    const miss = guardMisses();
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
