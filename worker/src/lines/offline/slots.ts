import type { LanguageId } from '@gl/core';
import type { Brief, Phrase, SwPhrase } from './brief';
import type { NeutralNoun } from './content';
import { indefinite, joinList, pluralOf, possessive } from './english';
import { looksPlural, nounEntry, QUALITIES, singular, SW_GENERIC, TRAITS } from './lexicon';
import { agree, concord, phraseClass, renderSw } from './swahili';
import { capitalizeFirst } from './text';

/**
 * Fills a template's slots from an understood brief, in the template's language. A slot the brief
 * cannot fill makes the template unusable for it (`null`), so a template about a place is only used
 * when the brief names one. Slots (see content/README.md for the full list):
 *
 * English: {name} {name's} {label} {ref} {field} {subject} {a subject} {the subject} {our subject}
 * {your subject} {my subject} {subjects} {place} {at place} {offer} {offers} {quality} {audience}
 * {activity} {owner} {owner's} {cause} {purpose} {makers} {when}, and agreement with the subject:
 * {s} (makes/make), {is}, {has}, {it}, {its}.
 * Kiswahili: the same names, rendered in Kiswahili with the subject's noun class ({our subject} ->
 * "duka letu la mikate"), {this subject}, {of place}, and {c:stem} for any concord of the subject
 * (sw-grammar.json: {c:sp}, {c:zuri}, {c:etu}...).
 * Other languages: {topic} (the name, or the brief when short), {topic:dat}.
 * Everywhere: {tag} (dropped: hashtags come from the switch), {word} and {wordtag} (a brand word).
 */
export interface Fill {
  brief: Brief;
  language: LanguageId;
  /** Standing in for the subject when the brief has none ("your brand"). */
  neutral: NeutralNoun | null;
  /** Which offer, quality and trait `{offer}`, `{quality}` and `{trait}` use. */
  offer: number;
  quality: number;
  trait: number;
  /** A brand word for `{word}`. */
  word?: string;
  /** Set while rendering: whether the slot being filled is inside a sentence (not at its start), or opens the line. */
  midSentence?: boolean;
  lineStart?: boolean;
}

const SLOT = /\{([^{}]+)\}/g;

/** The choices a template offers: one per offer used by `{offer}`, one per quality used by `{quality}`. */
export function choices(template: string, brief: Brief, language: LanguageId): { offer: number; quality: number; trait: number }[] {
  const offers = template.includes('{offer}') ? offerIndexes(brief, language) : [0];
  const qualities = template.includes('{quality}') ? qualityIndexes(brief, language, false) : [0];
  const traits = template.includes('{trait}') ? qualityIndexes(brief, language, true) : [0];
  return offers.flatMap((offer) => qualities.flatMap((quality) => traits.map((trait) => ({ offer, quality, trait }))));
}

function offerIndexes(brief: Brief, language: LanguageId): number[] {
  return brief.offers.map((o, i) => (language === 'sw' && !swOffer(o, brief) ? -1 : i)).filter((i) => i >= 0);
}

function qualityIndexes(brief: Brief, language: LanguageId, traits: boolean): number[] {
  // A quality already in the subject's words ("family" of "family bakery") is not said twice.
  const inSubject = new Set((brief.subject?.en ?? '').toLowerCase().split(' '));
  return brief.qualities
    .map((q, i) => ((language === 'sw' && !QUALITIES[q]) || TRAITS.has(q) !== traits || (language === 'en' && inSubject.has(q)) ? -1 : i))
    .filter((i) => i >= 0);
}

/** The quality at `index` if it is of the asked sort (a trait of the subject, or a quality of its offers). */
function qualityAt(brief: Brief, index: number, trait: boolean): string | null {
  const q = brief.qualities[index];
  return q !== undefined && TRAITS.has(q) === trait ? q : null;
}

// ---------------------------------------------------------------------------------------------
// English

/** Whether the subject (or what stands for it) is plural for verb agreement. */
function enPlural(f: Fill): boolean {
  const { brief } = f;
  if (brief.name || !brief.subject) return false;
  if (brief.kind === 'event' && brief.owner) return false;
  return brief.subject.plural;
}

function enRef(f: Fill): string | null {
  const { brief } = f;
  if (brief.name) return brief.name;
  const s = brief.subject;
  if (!s) return f.neutral?.base ?? brief.place?.text ?? brief.activity?.en ?? null;
  switch (brief.kind) {
    case 'person':
      return `your ${s.en}`;
    case 'event':
      return brief.owner ? `${possessive(brief.owner.en)} ${s.en}` : `the ${s.en}`;
    case 'thing':
    case 'place':
      return s.mass || s.plural ? s.en : `the ${s.en}`;
    default:
      return `our ${s.en}`;
  }
}

function enLabel(f: Fill): string | null {
  const { brief } = f;
  if (brief.name) return brief.name;
  const s = brief.subject;
  if (!s) return f.neutral?.base ?? brief.place?.text ?? brief.activity?.en ?? null;
  if (brief.kind === 'event' && brief.owner) return `${possessive(brief.owner.en)} ${s.en}`;
  return s.en;
}

/** An offer that is a thing (not a business or an event joined to the subject, as "café" in "bookshop and café"). */
function thingOffer(brief: Brief): Phrase | undefined {
  return brief.offers.find((o) => {
    const kind = o.key ? nounEntry(o.key)?.kind : undefined;
    return kind === undefined || kind === 'product' || kind === 'thing';
  });
}

/** What the subject is about, as an interest ("I talk about ... too much"): an activity, an offer, a person's field, the thing it names. */
function enField(f: Fill): string | null {
  const { brief } = f;
  const s = brief.subject;
  if (brief.activity) return brief.activity.en;
  if (brief.kind === 'person') return brief.field?.en ?? thingOffer(brief)?.en ?? null;
  if (s && (s.mass || s.plural) && brief.kind !== 'event') return s.en;
  const offer = thingOffer(brief);
  if (offer) return offer.en;
  if (s && (brief.kind === 'business' || brief.kind === 'group')) {
    // The thing a business is about: "sourdough" of a sourdough bakery, "avocados" of an avocado farm.
    const words = s.en.split(' ');
    for (let i = words.length - 2; i >= 0; i--) {
      const entry = nounEntry(singular((words[i] as string).toLowerCase()));
      if (entry && (entry.kind === 'product' || entry.kind === 'thing'))
        return entry.mass ? (words[i] as string) : pluralOf(words[i] as string);
    }
    return null;
  }
  if (s && (brief.kind === 'thing' || brief.kind === 'product' || brief.kind === 'place')) return pluralOf(s.en);
  if (!s) return brief.name ?? f.neutral?.base ?? null;
  return null;
}

function enSubject(s: Phrase | null, form: string): string | null {
  if (!s) return null;
  switch (form) {
    case 'a':
      return s.mass || s.plural ? s.en : `${indefinite(s.en)} ${s.en}`;
    case 'pl':
      return s.mass || s.plural ? s.en : pluralOf(s.en);
    default:
      return `${form} ${s.en}`;
  }
}

function english(slot: string, f: Fill): string | null {
  const { brief } = f;
  const s = brief.subject;
  const plural = enPlural(f);
  switch (slot) {
    case 'name':
      return brief.name;
    case "name's":
      return brief.name ? possessive(brief.name) : null;
    case 'label':
    case 'topic':
      return f.midSentence || !f.lineStart ? enRef(f) : enLabel(f);
    case 'ref':
      return enRef(f);
    case 'field':
      return enField(f);
    case 'short':
      return brief.name ?? enField(f);
    case 'subject':
      return s?.en ?? null;
    case 'a subject':
      return enSubject(s, 'a');
    case 'subjects':
      return enSubject(s, 'pl');
    case 'the subject':
    case 'our subject':
    case 'your subject':
    case 'my subject':
      return enSubject(s, slot.split(' ')[0] as string);
    case 'place':
      return brief.place?.text ?? null;
    case 'at place':
      return brief.place ? `${brief.place.prep} ${brief.place.text}` : null;
    case 'offer':
      return brief.offers[f.offer]?.en ?? null;
    case 'offers':
      return brief.offers.length > 0 ? joinList(brief.offers.slice(0, 2).map((o) => o.en)) : null;
    case 'quality':
      return qualityAt(brief, f.quality, false);
    case 'trait':
      return qualityAt(brief, f.trait, true);
    case 'audience':
      return brief.audience?.en ?? null;
    case 'activity':
      return brief.activity?.en ?? null;
    case 'owner':
      return brief.owner?.en ?? null;
    case "owner's":
      return brief.owner ? possessive(brief.owner.en) : null;
    case 'owner is':
      return brief.owner ? `${brief.owner.en} ${brief.owner.plural ? 'are' : 'is'}` : null;
    case 'cause':
      return brief.cause?.en ?? null;
    case 'purpose':
      return brief.purpose;
    case 'makers':
      return brief.makers;
    case 'when':
      return brief.when?.en ?? null;
    case 's':
      return plural ? '' : 's';
    case 'is':
      return plural ? 'are' : 'is';
    case 'has':
      return plural ? 'have' : 'has';
    case 'it':
      return plural ? 'they' : 'it';
    case 'its':
      return plural ? 'their' : 'its';
    default:
      return undefined as never;
  }
}

// ---------------------------------------------------------------------------------------------
// Kiswahili

/** The subject in Kiswahili: the lexicon's words, else a general noun for its kind ("biashara"). */
function swSubject(brief: Brief): SwPhrase | null {
  if (brief.subject?.sw) return brief.subject.sw;
  // A name alone is named, not replaced by a general noun.
  if (!brief.subject) return null;
  const generic = SW_GENERIC[brief.kind];
  return generic ? { sg: generic[0], pl: generic[1], cls: generic[2], plural: false } : null;
}

function swOffer(o: Phrase, brief: Brief): string | null {
  if (o.sw) return renderSw(o.sw);
  // A word of a Kiswahili brief the lexicon does not know ("vitenge") is Kiswahili already.
  return brief.language === 'sw' ? o.en : null;
}

function swOwner(brief: Brief): string | null {
  return brief.owner?.sw ?? null;
}

function swahili(slot: string, f: Fill, state: { cls: number | null }): string | null {
  const { brief } = f;
  const s = swSubject(brief);
  const at = (p: SwPhrase, plural = p.plural) => {
    state.cls = phraseClass(p, plural);
    return state.cls;
  };
  switch (slot) {
    case 'name':
      return brief.name;
    case 'label':
    case 'topic':
      if (brief.name) return brief.name;
      if (!s) return f.neutral?.base ?? brief.place?.text ?? null;
      at(s);
      if (brief.kind === 'event' && swOwner(brief)) return `${renderSw(s)} ${concord(phraseClass(s), 'a')} ${swOwner(brief)}`;
      return renderSw(s);
    case 'ref':
      if (brief.name) return brief.name;
      if (!s) return f.neutral?.base ?? brief.place?.text ?? null;
      at(s);
      if (brief.kind === 'event')
        return swOwner(brief) ? `${renderSw(s)} ${concord(phraseClass(s), 'a')} ${swOwner(brief)}` : renderSw(s, { after: 'this' });
      if (brief.kind === 'person') return renderSw(s, { after: 'ako' });
      if (brief.kind === 'thing' || brief.kind === 'place') return renderSw(s);
      return renderSw(s, { after: 'etu' });
    case 'subject':
      if (!s) return null;
      at(s);
      return renderSw(s);
    case 'subjects':
      if (!s || s.pl === null) return null;
      at(s, true);
      return renderSw(s, { plural: true });
    case 'our subject':
    case 'your subject':
    case 'my subject':
    case 'this subject': {
      if (!s) return null;
      at(s);
      const stem = { our: 'etu', your: 'ako', my: 'angu', this: 'this' }[slot.split(' ')[0] as 'our'];
      return renderSw(s, { after: stem });
    }
    case 'field':
      if (brief.activity?.sw) return brief.activity.sw;
      if (brief.kind === 'person') return brief.field?.sw ? renderSw(brief.field.sw) : null;
      if ((brief.kind === 'business' || brief.kind === 'group') && s) {
        const offer = thingOffer(brief);
        return offer ? swOffer(offer, brief) : null;
      }
      if (s && brief.kind !== 'event' && brief.kind !== 'cause') return renderSw(s);
      return brief.name ?? f.neutral?.base ?? null;
    case 'place':
      return brief.place?.text ?? null;
    case 'of place':
      if (!brief.place || !s) return null;
      return `${concord(state.cls ?? phraseClass(s), 'a')} ${brief.place.text}`;
    case 'offer': {
      const o = brief.offers[f.offer];
      return o ? swOffer(o, brief) : null;
    }
    case 'offers': {
      const items = brief.offers.map((o) => swOffer(o, brief)).filter((o): o is string => o !== null);
      return items.length > 0 ? joinList(items.slice(0, 2), 'na') : null;
    }
    case 'quality':
    case 'trait': {
      const q = QUALITIES[qualityAt(brief, slot === 'trait' ? f.trait : f.quality, slot === 'trait') ?? ''];
      if (!q || !s) return null;
      return agree(q, state.cls ?? phraseClass(s));
    }
    case 'audience':
      return brief.audience?.sw ? renderSw(brief.audience.sw, { plural: true }) : null;
    case 'activity':
      return brief.activity?.sw ?? null;
    case 'owner':
      return swOwner(brief);
    case 'cause':
      return brief.cause?.sw ?? null;
    case 'when':
      return brief.when?.sw ?? null;
    default: {
      const form = /^(subjects?):([a-z]+)$/.exec(slot);
      if (form) {
        if (!s || (form[1] === 'subjects' && s.pl === null)) return null;
        at(s, form[1] === 'subjects' || undefined);
        return renderSw(s, { plural: form[1] === 'subjects' || undefined, after: form[2] });
      }
      const stem = /^c:([a-z]+)$/.exec(slot)?.[1];
      if (stem === undefined) return undefined as never;
      // A name without a known subject agrees like "chapa" (a brand, class 9).
      return concord(state.cls ?? (s ? phraseClass(s) : 9), stem);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Other languages: the subject is the name, or the brief itself when it is short.

/** The words other languages use for the brief: its name, the topic when it has at most four words, else its subject. */
export function displayTopic(brief: Brief): string | null {
  if (brief.name) return brief.name;
  if (brief.topic && brief.words.length <= 4) return brief.topic;
  // A long English brief: its subject ("family bakery"), never the whole sentence.
  if (brief.language === 'en' && brief.subject) return brief.subject.en;
  if (brief.topic) {
    const cut =
      brief.topic.split(/\s+(?:in|at|for|with|that|who|which|from|à|pour|avec|qui|que|en|para|con|em|com|für|mit|aus)\s+/i)[0] ?? '';
    return cut.split(/\s+/).slice(0, 4).join(' ');
  }
  return null;
}

function other(slot: string, f: Fill): string | null {
  if (slot !== 'topic' && slot !== 'topic:dat') return null;
  const topic = displayTopic(f.brief);
  if (topic !== null) return topic;
  if (!f.neutral) return null;
  return slot === 'topic:dat' ? (f.neutral.dat ?? f.neutral.base) : f.neutral.base;
}

// ---------------------------------------------------------------------------------------------

function atSentenceStart(before: string): boolean {
  return before.trim() === '' || /[.!?…]\s+$/.test(before) || /[¡¿]$/.test(before);
}

/** Preposition + article contractions, for a topic or neutral noun that starts with a lower-case article. */
const CONTRACTIONS: Partial<Record<LanguageId, Record<string, Record<string, string>>>> = {
  fr: { de: { le: 'du', les: 'des' }, à: { le: 'au', les: 'aux' } },
  es: { de: { el: 'del' }, a: { el: 'al' } },
  pt: {
    de: { a: 'da', o: 'do', as: 'das', os: 'dos' },
    em: { a: 'na', o: 'no', as: 'nas', os: 'nos' },
    por: { a: 'pela', o: 'pelo', as: 'pelas', os: 'pelos' },
    a: { a: 'à', o: 'ao', as: 'às', os: 'aos' },
  },
};

/** French elision ("de Apple" -> "d'Apple") and article contractions ("de a criatividade" -> "da criatividade"). */
function joinPhrase(language: LanguageId, before: string, value: string): string {
  const prep = /(?:^|[\s(«])(\p{L}+) $/u.exec(before)?.[1];
  if (prep === undefined) return before + value;
  const article = /^(\p{Ll}+) /u.exec(value)?.[1];
  const contracted = article === undefined ? undefined : CONTRACTIONS[language]?.[prep]?.[article];
  if (contracted !== undefined && article !== undefined) {
    return before.slice(0, before.length - prep.length - 1) + contracted + value.slice(article.length);
  }
  if (language === 'fr' && (prep === 'de' || prep === 'que') && /^[aeiouàâäéèêëîïôöùûüœæ]/i.test(value)) {
    return `${before.slice(0, -2)}'${value}`;
  }
  return before + value;
}

/** "a" before a vowel sound becomes "an" when a slot's value follows it ("a {subject}" + "eco-friendly studio"). */
function fixArticle(before: string, value: string): string {
  const m = /(^|\s)([Aa])n? $/.exec(before);
  if (!m) return before;
  const article = indefinite(value);
  const word = m[2] === 'A' ? (article === 'an' ? 'An' : 'A') : article;
  return `${before.slice(0, before.length - m[0].length + (m[1]?.length ?? 0))}${word} `;
}

/** Verbs in templates written for a singular subject, and their plural forms (agreement after a plural slot). */
const PLURAL_VERBS: Record<string, string> = {
  is: 'are',
  was: 'were',
  has: 'have',
  does: 'do',
  makes: 'make',
  helps: 'help',
  feels: 'feel',
  looks: 'look',
  keeps: 'keep',
  gets: 'get',
  brings: 'bring',
  says: 'say',
  takes: 'take',
  goes: 'go',
  needs: 'need',
  deserves: 'deserve',
  starts: 'start',
  tells: 'tell',
  begins: 'begin',
  belongs: 'belong',
  stands: 'stand',
  lights: 'light',
  wins: 'win',
  works: 'work',
  lives: 'live',
  grows: 'grow',
  speaks: 'speak',
  sells: 'sell',
  comes: 'come',
  loves: 'love',
  waits: 'wait',
  shines: 'shine',
  matters: 'matter',
};
const AGREEING_SLOTS = new Set(['field', 'short', 'offer', 'offers', 'subjects', 'activity']);

/** Whether a filled English value is plural ("cats", "githeri and chapati"; not "sourdough", "hiking"). */
function pluralValue(value: string): boolean {
  if (/ and /.test(value)) return true;
  const last = value.split(' ').pop() ?? '';
  return /^\p{Ll}/u.test(last) && looksPlural(last);
}

/** Capitalises each sentence's first letter, unless the sentence starts with the name (a brand keeps its case). */
export function capitalizeSentences(text: string, name: string | null): string {
  return text.replace(/(^|[.!?…]\s+|[¡¿])(\p{Ll})/gu, (m, before: string, letter: string, index: number) => {
    const at = index + before.length;
    if (name && text.startsWith(name, at)) return m;
    if (/^\p{Ll}+\p{Lu}/u.test(text.slice(at))) return m;
    return `${before}${letter.toUpperCase()}`;
  });
}

/**
 * Fills a template, or null when the brief lacks a slot the template needs. English and Kiswahili
 * lines get their sentences capitalised (names keep their case); other languages capitalise a
 * neutral noun or a lower-case topic at a sentence start.
 */
export function renderTemplate(template: string, f: Fill): string | null {
  let out = '';
  let last = 0;
  const state = { cls: null as number | null };
  let plural = false;
  const literal = (text: string) => {
    out += plural ? text.replace(/^(\s+)([a-z]+)\b/, (m, space: string, verb: string) => `${space}${PLURAL_VERBS[verb] ?? verb}`) : text;
    plural = false;
  };
  for (const match of template.matchAll(SLOT)) {
    const slot = match[1] as string;
    const index = match.index ?? 0;
    literal(template.slice(last, index));
    last = index + match[0].length;
    if (slot === 'tag') continue;
    if (slot === 'word' || slot === 'wordtag') {
      if (!f.word) return null;
      out = slot === 'word' ? joinPhrase(f.language, out, f.word) : out + hashtagFor(f.word);
      continue;
    }
    let value: string | null;
    f.midSentence = !atSentenceStart(out) && !/[:|]\s*$/.test(out);
    f.lineStart = out.trim() === '' || /[:|]\s*$/.test(out);
    if (f.language === 'en') value = english(slot, f);
    else if (f.language === 'sw') value = swahili(slot, f, state);
    else value = other(slot, f);
    if (value === undefined) throw new Error(`Unknown slot {${slot}} in "${template}"`);
    if (value === null || (value === '' && !['s'].includes(slot))) return null;
    if (f.language === 'en') out = fixArticle(out, value);
    const name = f.brief.name;
    if (f.language !== 'en' && f.language !== 'sw' && atSentenceStart(out) && value !== name && !/\p{Lu}/u.test(value.slice(1, 2))) {
      value = capitalizeFirst(value);
    }
    out = joinPhrase(f.language, out, value);
    plural = f.language === 'en' && AGREEING_SLOTS.has(slot) && pluralValue(value);
  }
  literal(template.slice(last));
  out = out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([.,!?…:;])/g, '$1')
    .trim();
  if (f.language === 'en' || f.language === 'sw') return capitalizeSentences(out, f.brief.name);
  return template.startsWith('{topic') && !f.neutral && displayTopic(f.brief) === f.brief.name ? out : capitalizeFirst(out);
}

const MAX_HASHTAG_CHARS = 30;

/** "acme coffee co." -> "#AcmeCoffeeCo", "iPhone 15" -> "#iPhone15"; empty when it has no letters or digits or is too long. */
export function hashtagFor(text: string): string {
  const words = text
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  const body = words.map((w) => (w === w.toLowerCase() ? capitalizeFirst(w) : w)).join('');
  return body === '' || body.length > MAX_HASHTAG_CHARS ? '' : `#${body}`;
}
