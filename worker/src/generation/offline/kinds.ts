import examplesKinds from './kinds/_examples.json' with { type: 'json' };
import agricultureKinds from './kinds/agriculture.json' with { type: 'json' };
import beautyKinds from './kinds/beauty.json' with { type: 'json' };
import brandsKinds from './kinds/brands.json' with { type: 'json' };
import businessServicesKinds from './kinds/business-services.json' with { type: 'json' };
import causesKinds from './kinds/causes.json' with { type: 'json' };
import educationKinds from './kinds/education.json' with { type: 'json' };
import eventsKinds from './kinds/events.json' with { type: 'json' };
import fashionKinds from './kinds/fashion.json' with { type: 'json' };
import financeKinds from './kinds/finance.json' with { type: 'json' };
import foodKinds from './kinds/food.json' with { type: 'json' };
import genericKinds from './kinds/generic.json' with { type: 'json' };
import healthKinds from './kinds/health.json' with { type: 'json' };
import homeServicesKinds from './kinds/home-services.json' with { type: 'json' };
import peopleKinds from './kinds/people.json' with { type: 'json' };
import retailKinds from './kinds/retail.json' with { type: 'json' };
import techKinds from './kinds/tech.json' with { type: 'json' };
import transportKinds from './kinds/transport.json' with { type: 'json' };
import travelKinds from './kinds/travel.json' with { type: 'json' };
import { kindsFileSchema, type Kind, type KindsFile } from './kinds.schema';

/**
 * The kinds library (kinds/<sector>.json, format in kinds/README.md): imported, not read from disk,
 * so the bundled worker needs no files beside it. Every file of the folder is listed here (a test
 * checks that none is missing); `_examples.json` holds the schema's worked examples and only fills
 * ids no sector file defines.
 */
export const KIND_FILES: Record<string, unknown> = {
  '_examples.json': examplesKinds,
  'agriculture.json': agricultureKinds,
  'beauty.json': beautyKinds,
  'brands.json': brandsKinds,
  'business-services.json': businessServicesKinds,
  'causes.json': causesKinds,
  'education.json': educationKinds,
  'events.json': eventsKinds,
  'fashion.json': fashionKinds,
  'finance.json': financeKinds,
  'food.json': foodKinds,
  'generic.json': genericKinds,
  'health.json': healthKinds,
  'home-services.json': homeServicesKinds,
  'people.json': peopleKinds,
  'retail.json': retailKinds,
  'tech.json': techKinds,
  'transport.json': transportKinds,
  'travel.json': travelKinds,
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

const WEAK = new Set([
  'shop',
  'store',
  'business',
  'company',
  'service',
  'services',
  'centre',
  'center',
  'studio',
  'house',
  'place',
  'spot',
  'hub',
  'brand',
  'stall',
  'kiosk',
  'outlet',
  'duka',
  'agency',
  'firm',
  'team',
  'group',
  'club',
  'app',
  'online',
  'products',
  'goods',
  'clinic',
]);

interface Matcher {
  kind: Kind;
  phrase: string;
  words: number;
}

const MATCHERS: Matcher[] = KINDS.filter((k) => !k.id.startsWith('generic-')).flatMap((kind) =>
  (['en', 'sw'] as const).flatMap((lang) =>
    kind.match[lang].map((phrase) => ({ kind, phrase: plain(phrase), words: phrase.split(/\s+/).length })),
  ),
);

/** Lower case, every character that is not part of a word a space (the same length, so indices hold). */
export function plain(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, (m) => ' '.repeat(m.length));
}

/** Where a phrase occurs in a plain text as whole words (a plural "s" or "es" allowed), or -1. */
function find(padded: string, phrase: string): number {
  for (const end of [' ', 's ', 'es ']) {
    const at = padded.indexOf(` ${phrase}${end}`);
    if (at >= 0) return at;
  }
  return -1;
}

export interface KindMatch {
  kind: Kind;
  /** The phrase that matched, as the library writes it. */
  phrase: string;
  /** Where in the text it matched. */
  index: number;
}

/**
 * The kind a brief names: every kind whose match phrases occur in the text scores by whether it is
 * in the subject, then the longest and earliest phrase ("a bakery that also sells coffee").
 */
export function matchKind(text: string, subject?: string | null): KindMatch | null {
  let best: { m: KindMatch; score: number } | null = null;
  const padded = ` ${plain(text).replace(/\s+/g, ' ')} `;
  const subjectPlain = subject ? plain(subject).replace(/\s+/g, ' ').trim() : '';
  const subjectPadded = ` ${subjectPlain} `;
  for (const m of MATCHERS) {
    const index = find(padded, m.phrase);
    if (index < 0) continue;
    // A word any shop could use ("shop", "store") names a kind only when it is the whole subject.
    if (WEAK.has(m.phrase) && !(subjectPlain === m.phrase || subjectPlain === `${m.phrase}s`)) continue;
    const inSubject = subjectPlain !== '' && find(subjectPadded, m.phrase) >= 0;
    const score = (inSubject ? 10_000 : 0) + m.words * 1000 + m.phrase.length * 10 - Math.min(index, 999) / 100;
    if (!best || score > best.score) best = { m: { kind: m.kind, phrase: m.phrase, index }, score };
  }
  return best?.m ?? null;
}
