import examples from './kinds/_examples.json' with { type: 'json' };
import { kindsFileSchema, type Kind, type KindsFile } from './kinds.schema';

/**
 * The kinds library (kinds/<sector>.json, format in kinds/README.md): imported, not read from disk,
 * so the bundled worker needs no files beside it. Every file of the folder is listed here (a test
 * checks that none is missing); `_examples.json` holds the schema's worked examples and only fills
 * ids no sector file defines.
 */
export const KIND_FILES: Record<string, unknown> = {
  '_examples.json': examples,
};

function parse(file: string, data: unknown): KindsFile {
  const result = kindsFileSchema.safeParse(data);
  if (!result.success) {
    // A broken file must never take the writer down: its kinds are left out (the schema test fails loudly).
    return { kinds: [] };
  }
  void file;
  return result.data;
}

function load(): Kind[] {
  const byId = new Map<string, Kind>();
  const sectors = Object.entries(KIND_FILES).filter(([f]) => !f.startsWith('_'));
  for (const [file, data] of sectors) for (const kind of parse(file, data).kinds) if (!byId.has(kind.id)) byId.set(kind.id, kind);
  for (const [file, data] of Object.entries(KIND_FILES).filter(([f]) => f.startsWith('_'))) {
    for (const kind of parse(file, data).kinds) if (!byId.has(kind.id)) byId.set(kind.id, kind);
  }
  return [...byId.values()];
}

export const KINDS: readonly Kind[] = load();
const BY_ID = new Map(KINDS.map((k) => [k.id, k]));

export function kindById(id: string): Kind | undefined {
  return BY_ID.get(id);
}

export type KindSells = Kind['sells'];
export type KindSpeaker = Kind['speaker'];

const GENERIC_BY_SELLS: Record<KindSells, string> = {
  service: 'generic-service',
  product: 'generic-product',
  food: 'generic-food',
  venue: 'generic-venue',
  software: 'generic-software',
  person: 'generic-person',
  event: 'generic-event',
  cause: 'generic-cause',
};

/** The generic kind for a subject the library lacks; the generic service when that one is missing too. */
export function genericKind(sells: KindSells): Kind {
  return (BY_ID.get(GENERIC_BY_SELLS[sells]) ?? BY_ID.get('generic-service')) as Kind;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Matcher {
  kind: Kind;
  phrase: string;
  re: RegExp;
  words: number;
  lang: 'en' | 'sw';
}

const MATCHERS: Matcher[] = KINDS.filter((k) => !k.id.startsWith('generic-')).flatMap((kind) =>
  (['en', 'sw'] as const).flatMap((lang) =>
    kind.match[lang].map((phrase) => ({
      kind,
      phrase,
      // Whole words; a final plural "s" or "es" also matches ("plumbers", "bakeries" is its own phrase).
      re: new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu'),
      words: phrase.split(/\s+/).length,
      lang,
    })),
  ),
);

export interface KindMatch {
  kind: Kind;
  /** The phrase that matched, as the library writes it. */
  phrase: string;
  /** Where in the text it matched. */
  index: number;
}

/**
 * The kind a brief names: every kind whose match phrases occur in the text scores by the longest
 * and earliest phrase (the subject comes first in most briefs: "a bakery that also sells coffee").
 */
export function matchKind(text: string): KindMatch | null {
  let best: { m: KindMatch; score: number } | null = null;
  for (const m of MATCHERS) {
    const hit = m.re.exec(text);
    if (!hit) continue;
    const score = m.words * 1000 + m.phrase.length * 10 - Math.min(hit.index, 999) / 100;
    if (!best || score > best.score) best = { m: { kind: m.kind, phrase: m.phrase, index: hit.index }, score };
  }
  return best?.m ?? null;
}
