import { isAboutCode } from './code-topic';
import { understandEnglish } from './brief-en';
import { understandSwahili, isSwahiliBrief } from './brief-sw';
import { looksPlural, nounEntry, type SubjectKind } from './lexicon';
import { swahiliPhrase } from './swahili';
import { normalizeTopic } from './text';
import { emptyParse, type Brief, type Owner, type ParsedBrief, type Phrase, type Place, type SwPhrase } from './brief-parse';

export { emptyParse };
export type { Brief, Owner, ParsedBrief, Phrase, Place, SwPhrase };

const CACHE_SIZE = 500;
const cache = new Map<string, Brief>();

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
