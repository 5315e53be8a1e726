import { isAboutCode } from './code-topic';
import { understandEnglish } from './brief-en';
import { understandSwahili, isSwahiliBrief } from './brief-sw';
import { looksPlural, nounEntry, type SubjectKind } from './lexicon';
import { swahiliPhrase } from './swahili';
import { normalizeTopic } from './text';

/**
 * What the offline writer understands of a brief ("a family bakery in Nakuru that sells fresh
 * mandazi and birthday cakes"): the subject (bakery), its kind (a business), a place (Nakuru),
 * offers (mandazi, birthday cakes), qualities (fresh), an audience, an activity, an owner ("my
 * sister" of "my sister's 30th birthday"), a name ("Rosie's Bakery"), and each noun phrase in
 * Kiswahili when the lexicon knows it. English briefs are tagged with `compromise`; Kiswahili
 * briefs ("duka la vitenge Mombasa") are read with the lexicon and the noun-class particles.
 */
export interface SwPhrase {
  /** Singular, with `{a}` where the possessive particle agrees with the head ("duka {a} mikate"). */
  sg: string;
  /** Plural, or null for a noun without one. */
  pl: string | null;
  /** Concord class of the singular. */
  cls: number;
  /** Whether the brief meant the plural. */
  plural: boolean;
}

export interface Phrase {
  /** English, as written (case kept), without an article or qualities: "family bakery", "birthday cakes". */
  en: string;
  /** The head noun in English as written ("bakery", "cakes"). */
  head: string;
  plural: boolean;
  mass: boolean;
  /** The lexicon key of the longest known ending ("food truck", "bakery"), if any. */
  key: string | null;
  /** Kiswahili, when the lexicon knows the head. */
  sw: SwPhrase | null;
}

export interface Place {
  text: string;
  /** How a line says where: "in Nakuru", "at Nyali beach", "from Lamu". */
  prep: 'in' | 'at' | 'from';
}

export interface Owner {
  /** "my sister", "my parents", "Amina". */
  en: string;
  plural: boolean;
  /** "dada yangu" when known. */
  sw: string | null;
}

export interface Brief {
  /** The topic as given (trimmed), or null. */
  topic: string | null;
  /** The language the brief is written in. */
  language: 'en' | 'sw';
  /** A brand, business or person name, in its own case. */
  name: string | null;
  subject: Phrase | null;
  kind: SubjectKind;
  place: Place | null;
  offers: Phrase[];
  /** English quality words ("fresh", "eco-friendly"). */
  qualities: string[];
  audience: Phrase | null;
  /** What a cause or event is for, as written ("a children's library"). */
  cause: { en: string; sw: string | null } | null;
  /** What a cause wants to do ("dig a borehole"). */
  purpose: string | null;
  /** Who runs it ("young women"). */
  makers: string | null;
  owner: Owner | null;
  /** When an event happens ("this Saturday", "on weekends"), and in Kiswahili. */
  when: { en: string; sw: string | null } | null;
  /** An activity ("hiking"), and in Kiswahili. */
  activity: { en: string; sw: string | null } | null;
  /** What a person works in ("wedding photography" for a wedding photographer), when the lexicon says. */
  field: Phrase | null;
  aboutCode: boolean;
  /** Whether it is about food or drink (lines about taste fit it). */
  food: boolean;
  /** Emoji that fit the subject, offers and activity. */
  emoji: string[];
  /** Words of the topic, lower-case (to refuse a line that pastes five of them in a row). */
  words: string[];
}

/** The parts a parser fills; `understandBrief` adds the rest. */
export type ParsedBrief = Omit<Brief, 'topic' | 'language' | 'aboutCode' | 'food' | 'emoji' | 'words' | 'kind' | 'field'> & {
  kind: SubjectKind | null;
};

const CACHE_SIZE = 500;
const cache = new Map<string, Brief>();

export function emptyParse(): ParsedBrief {
  return {
    name: null,
    subject: null,
    kind: null,
    place: null,
    offers: [],
    qualities: [],
    audience: null,
    cause: null,
    purpose: null,
    makers: null,
    owner: null,
    when: null,
    activity: null,
  };
}

function kindOf(parsed: ParsedBrief): SubjectKind {
  if (parsed.kind) return parsed.kind;
  const subject = parsed.subject;
  if (!subject) return parsed.name ? 'business' : 'thing';
  const entry = subject.key ? nounEntry(subject.key) : undefined;
  if (entry) return entry.kind;
  // Unknown words: what the brief says around them (a charity run "for" a hospital, a hackathon "this Saturday").
  if (parsed.cause || parsed.purpose) return 'cause';
  if (parsed.when) return 'event';
  const head = subject.head.toLowerCase();
  if (/(?:er|or|ist|ian|ant|ent)$/.test(head) && !subject.mass) return 'person';
  if (/(?:ery|shop|store|studio|salon|house|centre|center|hub|lab|works|co)$/.test(head)) return 'business';
  if (subject.plural || subject.mass) return 'product';
  return 'thing';
}

/** A person's field: the subject's modifiers and the lexicon's field for its head ("wedding" + "photography"). */
function fieldOf(subject: Phrase | null, kind: SubjectKind): Phrase | null {
  const field = subject?.key ? nounEntry(subject.key)?.field : undefined;
  if (kind !== 'person' || !subject || !field) return null;
  const words = subject.en.split(' ');
  const modifiers = words.slice(0, Math.max(0, words.length - (subject.key as string).split(' ').length));
  // "-": the field is what the words before the noun say (a Kiswahili tutor: Kiswahili).
  if (field === '-') {
    if (modifiers.length === 0) return null;
    const last = modifiers[modifiers.length - 1] as string;
    const key = nounEntry(last.toLowerCase()) ? last.toLowerCase() : null;
    return { en: modifiers.join(' '), head: last, plural: false, mass: true, key, sw: swahiliPhrase(modifiers, false) };
  }
  const all = [...modifiers, ...field.split(' ')];
  const entry = nounEntry(field);
  return {
    en: all.join(' '),
    head: field,
    plural: false,
    mass: Boolean(entry?.mass ?? true),
    key: entry ? field : null,
    sw: swahiliPhrase(all, looksPlural(field)),
  };
}

function emojiOf(parsed: ParsedBrief): string[] {
  const keys = [parsed.subject?.key, ...parsed.offers.map((o) => o.key), parsed.activity ? parsed.activity.en.toLowerCase() : null];
  const out: string[] = [];
  for (const key of keys) {
    const entry = key ? nounEntry(key) : undefined;
    if (!entry) continue;
    for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(entry.emoji)) {
      if (!out.includes(segment)) out.push(segment);
    }
  }
  return out;
}

/**
 * Understands a topic and/or a brand name. Cached (the worker sees the same briefs again and again);
 * the result is shared, so callers never change it.
 */
export function understandBrief(topic: string | null | undefined, brandName?: string | null): Brief {
  const clean = normalizeTopic(topic);
  const brand = normalizeTopic(brandName);
  const cacheKey = `${clean ?? ''}\n${brand ?? ''}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;

  const text = clean ?? brand;
  const language: 'en' | 'sw' = text !== null && isSwahiliBrief(text) ? 'sw' : 'en';
  const parsed = text === null ? emptyParse() : language === 'sw' ? understandSwahili(text) : understandEnglish(text);
  // A brand kit's name is the name when the topic has none; the topic then says what it is about.
  if (brand !== null && clean !== null && parsed.name === null) {
    parsed.name = brand;
    // The topic is then what the brand offers ("sourdough" for Rosie's Bakery).
    if (parsed.subject && parsed.offers.length === 0 && ['product', 'thing'].includes(kindOf(parsed))) parsed.offers.push(parsed.subject);
  }
  const kind = kindOf(parsed);
  const brief: Brief = {
    ...parsed,
    topic: clean,
    language,
    kind,
    field: fieldOf(parsed.subject, kind),
    aboutCode: isAboutCode(`${clean ?? ''} ${brand ?? ''}`) || Boolean(parsed.subject?.key && nounEntry(parsed.subject.key)?.code),
    food: [parsed.subject, ...parsed.offers].some((p) => p?.key && nounEntry(p.key)?.food),
    emoji: emojiOf(parsed),
    words: topicWords(clean ?? ''),
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, brief);
  return brief;
}

/** Whether the brief gives the writer anything to write about. */
export function hasSubject(brief: Brief): boolean {
  return brief.name !== null || brief.subject !== null || brief.place !== null || brief.offers.length > 0 || brief.activity !== null;
}

/** Lower-case words, an apostrophe kept inside one ("children's"). */
export function topicWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Whether `line` contains `run` or more words of the topic in a row (a pasted brief). */
export function pastesTopic(line: string, brief: Brief, run = 5): boolean {
  const t = brief.words;
  if (t.length < run) return false;
  const l = ` ${topicWords(line).join(' ')} `;
  for (let i = 0; i + run <= t.length; i++) if (l.includes(` ${t.slice(i, i + run).join(' ')} `)) return true;
  return false;
}
