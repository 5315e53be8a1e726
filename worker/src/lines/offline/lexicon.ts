import nouns from './content/nouns.json' with { type: 'json' };
import grammar from './content/sw-grammar.json' with { type: 'json' };
import words from './content/words.json' with { type: 'json' };

/**
 * The offline writer's word knowledge, as data a copywriter can edit (content/nouns.json,
 * content/words.json, content/sw-grammar.json): what kind of thing an English noun names, whether it
 * is a mass noun, the emoji that fit it and how Kiswahili says it (with its noun class); qualities,
 * places, people words; the Kiswahili agreement table.
 */
export type SubjectKind = 'business' | 'person' | 'product' | 'event' | 'cause' | 'group' | 'place' | 'thing';

/** Kiswahili for a noun: singular, plural (null when it has none), concord class of the singular. */
export type SwNoun = [string, string | null, number];

export interface NounEntry {
  kind: SubjectKind;
  mass?: boolean;
  code?: boolean;
  food?: boolean;
  emoji: string;
  sw?: SwNoun;
  /** What a person of this kind works in ("photography"). */
  field?: string;
}

export type Concords = Record<string, string>;

const NOUNS = Object.fromEntries(Object.entries(nouns).filter(([k]) => !k.startsWith('$'))) as Record<string, NounEntry>;

export function nounEntry(key: string): NounEntry | undefined {
  return Object.hasOwn(NOUNS, key) ? NOUNS[key] : undefined;
}

/** The Kiswahili singular and plural forms (with `{a}`), to the English key and number. */
const SW_REVERSE = new Map<string, { key: string; plural: boolean }>();
for (const [key, entry] of Object.entries(NOUNS)) {
  if (!entry.sw) continue;
  const [sg, pl] = entry.sw;
  for (const [form, plural] of [
    [sg, false],
    [pl, true],
  ] as const) {
    if (form === null) continue;
    const lower = form.toLowerCase();
    // The first English key listed wins ("duka" -> "shop"), but a key that is the word itself is kept ("fundi").
    if (!SW_REVERSE.has(lower) || key === lower) SW_REVERSE.set(lower, { key, plural: plural && sg !== pl });
  }
}

/** The English key of a Kiswahili noun or noun phrase ("duka {a} dawa" -> pharmacy), and whether it was plural. */
export function fromSwahili(phrase: string): { key: string; plural: boolean } | undefined {
  // "ng’ombe" as typed on a phone is "ng'ombe".
  return SW_REVERSE.get(phrase.toLowerCase().replace(/[’‘]/g, "'"));
}

export const QUALITIES = words.qualities as Record<string, string | null>;
/** Qualities of the subject itself (a family bakery), not of its offers (fresh mandazi). */
export const TRAITS = new Set(words.traits);
export const PLACES = new Map(words.places.map((p) => [p.toLowerCase(), p]));
export const AT_WORDS = new Set(words.atWords);
export const MODIFIERS = new Set(words.modifiers.map((m) => m.toLowerCase()));
export const PEOPLE = new Set(words.people);
export const OFFER_VERBS = new Set(words.offerVerbs);
export const NOT_ACTIVITIES = new Set(words.notActivities.map((w) => w.toLowerCase()));
export const DAYS_SW = words.days as Record<string, string>;
export const GENERIC_HASHTAGS = words.hashtags as Record<string, string[]>;
export const TONE_EMOJI = words.toneEmoji as Record<string, string[]>;

export const SW_CONCORDS = grammar.concords as Record<string, Concords>;
export const SW_PLURAL_CLASS = grammar.plural as Record<string, number>;
export const SW_GENERIC = grammar.generic as Record<SubjectKind, SwNoun | null>;
export const SW_KIN = new Set(grammar.kin);

const IRREGULAR_SINGULAR: Record<string, string> = {
  children: 'child',
  women: 'woman',
  men: 'man',
  people: 'person',
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  wives: 'wife',
  knives: 'knife',
  lives: 'life',
  leaves: 'leaf',
  shelves: 'shelf',
  loaves: 'loaf',
  mums: 'mum',
  taxis: 'taxi',
};
const KEEP_S = /(?:ss|us|is|ics|news|series|species|clothes|sneakers|mitumba|vitenge|mandazi|chapati|samosa)$/;

/** English singular of a lower-case word ("bakeries" -> "bakery", "cakes" -> "cake", "children" -> "child"). */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR_SINGULAR[w]) return IRREGULAR_SINGULAR[w];
  if (Object.hasOwn(NOUNS, w) || KEEP_S.test(w) || w.length < 4) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** Whether an English word looks plural ("cakes", "children"; not "glass", "news"). */
export function looksPlural(word: string): boolean {
  return singular(word) !== word.toLowerCase();
}

/**
 * Translations the lexicon knows for a word, as close relatives for measuring whether a line is
 * about a brief: an English noun's Kiswahili words ("bakery" -> duka, mikate), a quality's
 * ("fresh" -> safi), and the English of a Kiswahili word ("dawa" -> pharmacy, medicine).
 */
export function translations(word: string): string[] {
  const lower = word.toLowerCase();
  const out = new Set<string>();
  const add = (text: string | null | undefined) => {
    for (const w of (text ?? '').replace(/\{[^}]*\}/g, ' ').split(/\s+/)) if (w.length > 2) out.add(w.toLowerCase());
  };
  const entry = nounEntry(singular(lower)) ?? nounEntry(lower);
  if (entry?.sw) {
    add(entry.sw[0]);
    add(entry.sw[1]);
  }
  add(QUALITIES[lower] ?? null);
  for (const [key, e] of Object.entries(NOUNS)) {
    if (!e.sw) continue;
    const forms = `${e.sw[0]} ${e.sw[1] ?? ''}`.toLowerCase().split(/[\s{}]+/);
    if (forms.includes(lower)) add(key);
  }
  return [...out];
}
