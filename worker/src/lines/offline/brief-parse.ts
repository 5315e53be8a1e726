import type { SubjectKind } from './lexicon';

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
