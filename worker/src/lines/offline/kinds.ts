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

/** A subject's head that is a trade of its own ("interpreter", "fitter"): a one-word phrase before it only describes it. */
const AGENT_HEAD = /(?:er|or|ist|ant|ian)s?$/;
/** An animal right before a phrase ("dog grooming", "cat hotel"). */
const ANIMAL_BEFORE = /\b(?:dog|dogs|cat|cats|pet|pets|puppy|puppies|horse|horses)\s+$/;
/** Where a brief's first clause ends: what follows is offers, audience, facts, a competitor or a call to action. */
const CLAUSE_END =
  /[,;:.!?()]|\s(?:for|with|to|that|who|which|where|buying|selling|offering|needs?|calls?|meets?|near|and our|plus|including|like|unlike|than|from|at|in|on|by)(?=[\s,])/i;

/** Head words many trades share ("seed bank", "bee removal", "fish pond construction"). */
const SHARED_HEADS = new Set([
  'bank',
  'construction',
  'removal',
  'removals',
  'hire',
  'workshop',
  'system',
  'systems',
  'supplies',
  'repair',
  'repairs',
  'installation',
  'relocation',
  'moving',
]);

/** Words that say nothing of what a shop or clinic is ("family clinic", "our local shop"). */
const BARE_MODIFIERS = new Set([
  'a',
  'an',
  'the',
  'our',
  'my',
  'family',
  'general',
  'local',
  'community',
  'new',
  'small',
  'neighbourhood',
  'neighborhood',
]);
/** Whether a subject is a weak word alone ("shop", "family clinic"). */
function isBare(subject: string, phrase: string): boolean {
  const words = subject.split(' ').filter((w) => w && !BARE_MODIFIERS.has(w));
  return words.length === 1 && (words[0] === phrase || words[0] === `${phrase}s`);
}

/** Whether a kind names the head word itself (its noun or a match phrase ends with it). */
function sameHead(kind: Kind, head: string): boolean {
  const stem = head.replace(/(?:es|s)$/, '');
  if ([...kind.match.en, ...kind.verbs.en].some((p) => plain(p).includes(stem))) return true;
  return [kind.noun.en, ...kind.match.en].some((p) => {
    const last = plain(p).trim().split(/\s+/).pop() ?? '';
    return last === head || last.replace(/(?:es|s)$/, '') === stem;
  });
}

/** The brief's first clause: what the subject is, before what it offers or for whom. */
export function firstClause(text: string): string {
  const m = CLAUSE_END.exec(` ${text} `);
  return m ? ` ${text} `.slice(0, m.index).trim() : text.trim();
}

/**
 * The kind a brief names (precision over recall): a kind is chosen only when one of its match phrases
 * names what the subject IS, within the subject noun phrase (or, when the reader found none that
 * matches, the brief's first clause), never a word elsewhere in the brief (an offer, the audience, a
 * fact, a competitor, a call to action). Then the longest and earliest phrase wins. A one-word phrase
 * that only describes a head which is a trade of its own ("sign language interpreter") is not it.
 */
export function matchKind(text: string, subject?: string | null): KindMatch | null {
  const subjectPlain = subject ? plain(subject).replace(/\s+/g, ' ').trim() : '';
  const inText = (scope: string, strictHead: boolean): KindMatch | null => {
    let best: { m: KindMatch; score: number } | null = null;
    const scopePlain = plain(scope).replace(/\s+/g, ' ').trim();
    const padded = ` ${scopePlain} `;
    const words = scopePlain.split(' ');
    const head = words[words.length - 1] ?? '';
    for (const m of MATCHERS) {
      const index = find(padded, m.phrase);
      if (index < 0) continue;
      // "dog grooming", "pet hotel": an animal before the phrase makes it another trade.
      if (ANIMAL_BEFORE.test(padded.slice(0, index + 1)) && !/pet|vet|animal|dog|poultry|dairy|fish|farm|breed/.test(m.kind.id)) continue;
      // A word any shop could use ("shop", "store") names a kind only when it is the whole subject.
      if (WEAK.has(m.phrase) && !isBare(subjectPlain, m.phrase)) continue;
      // "seed bank", "bee removal": a head many trades share names a kind only with no other noun before it.
      if (
        strictHead &&
        m.words === 1 &&
        SHARED_HEADS.has(m.phrase) &&
        !isBare(scopePlain, m.phrase) &&
        m.phrase.replace(/e?s$/, '') === head.replace(/e?s$/, '')
      )
        continue;
      // "sign language interpreter": a one-word phrase describing a head that is another trade of its own.
      if (strictHead && words.length > m.words && AGENT_HEAD.test(head) && !m.phrase.split(' ').includes(head) && !sameHead(m.kind, head))
        continue;
      const score = m.words * 1000 + m.phrase.length * 10 - Math.min(index, 999) / 100;
      if (!best || score > best.score) best = { m: { kind: m.kind, phrase: m.phrase, index }, score };
    }
    return best?.m ?? null;
  };
  if (subjectPlain !== '') {
    const inSubject = inText(subject as string, true);
    // "fundi wa simu" (phone repair) over "fundi" (carpenter): a longer phrase of the clause with the subject's word in it is more specific.
    const inClause = inSubject ? inText(firstClause(text), true) : null;
    if (
      inSubject &&
      inClause &&
      inClause.phrase.includes(` ${inSubject.phrase}`.trim()) &&
      inClause.phrase.split(' ').length > inSubject.phrase.split(' ').length
    )
      return inClause;
    if (inSubject) return { ...inSubject, index: Math.max(0, plain(text).indexOf(inSubject.phrase)) };
  }
  return inText(firstClause(text), true);
}
