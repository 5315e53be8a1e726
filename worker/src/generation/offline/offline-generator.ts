import { getCategory, LANGUAGE_IDS } from '@gl/core';
import type { CategoryId, LanguageId, Tone } from '@gl/core';
import { avoidedWordTest } from '../avoid-words';
import { cleanLine } from '../clean-lines';
import { isAboutCode } from './code-topic';
import { composeCandidates, curatedCandidates, type Candidate, type ComposeInput } from './compose';
import { CONTENT, entryText, isCodeJokeEntry, tonedEntries, type Entry } from './content';
import { Picker } from './picker';
import type { TopicFill } from './templates';
import { fitsBounds, lineKey, normalizeTopic } from './text';

export interface OfflineBrand {
  name: string;
  wordsToUse: string[];
  wordsToAvoid: string[];
}

export interface OfflineRequest {
  category: CategoryId;
  tone: Tone;
  topic?: string | null;
  /** 1..10 */
  count: number;
  /** Default 'en'. */
  language?: LanguageId;
  /** The user's hard cap (>= 10); the effective bound is min(category.maxChars, maxChars). */
  maxChars?: number;
  /** Lines the user already has (compared trimmed and case-insensitively); never returned, nor built on. */
  exclude?: string[];
  /** Keys (see `lineKey`) of lines recently shown to this user or visitor for this brief; used last. */
  recent?: ReadonlySet<string>;
  /** A brand kit: its name is the subject, its words are used where natural, its avoided words never appear. */
  brand?: OfflineBrand;
  /** Injectable random source for tests; default Math.random. */
  random?: () => number;
}

export interface OfflineResult {
  lines: string[];
  source: 'static_fallback' | 'fallback';
}

const MIN_COUNT = 1;
const MAX_COUNT = 10;
/** Share of lines that name the subject when there is one (English; other languages always name it). */
const SUBJECT_SHARE = 0.8;
/** Share of lines that use one of the brand's words, when it has some. */
const WORD_SHARE = 1 / 3;
const NO_RECENT: ReadonlySet<string> = new Set();

function clampCount(count: number): number {
  if (!Number.isFinite(count)) return MIN_COUNT;
  return Math.min(MAX_COUNT, Math.max(MIN_COUNT, Math.trunc(count)));
}

function isLanguage(language: unknown): language is LanguageId {
  return typeof language === 'string' && (LANGUAGE_IDS as readonly string[]).includes(language);
}

function cleanWords(words: readonly unknown[] | undefined): string[] {
  const out = new Map<string, string>();
  for (const w of words ?? []) {
    if (typeof w !== 'string') continue;
    const clean = normalizeTopic(w);
    if (clean) out.set(clean.toLowerCase(), clean);
  }
  return [...out.values()];
}

/**
 * The built-in writer used when no AI provider is available. With a subject (the topic and/or the
 * brand's name), at least four lines in five are composed from templates that name it (an opening,
 * a template filled with the subject, an ending), the rest come from the curated English library
 * (`fallback`). English without a subject draws from the curated library (`static_fallback`), and
 * from templates about a neutral noun ("your brand") once repeats have shown all of it.
 * Other languages are always composed, with a neutral noun ("votre marque") when there is no subject.
 * Lines recently shown for the same brief (`recent`) come last, as do lines built on a template or
 * part shown recently; developer jokes appear only for subjects about code; a brand's avoided words
 * never appear.
 */
export function generateOffline(req: OfflineRequest): OfflineResult {
  const category = getCategory(req.category);
  const count = clampCount(req.count);
  const language: LanguageId = isLanguage(req.language) ? req.language : 'en';
  const cap = typeof req.maxChars === 'number' && Number.isFinite(req.maxChars) ? Math.floor(req.maxChars) : Infinity;
  const maxChars = Math.min(category.maxChars, cap);
  const random = req.random ?? Math.random;
  const content = CONTENT[language];
  const set = content.categories[category.id];

  const brandName = req.brand ? normalizeTopic(req.brand.name) : null;
  const subjects = [...new Set([normalizeTopic(req.topic), brandName].filter((s): s is string => s !== null))];
  const avoid = cleanWords(req.brand?.wordsToAvoid);
  const containsAvoided = avoidedWordTest(avoid);
  const words = cleanWords(req.brand?.wordsToUse).filter((w) => !containsAvoided(w));
  const aboutCode = subjects.some(isAboutCode);
  const usable = (entries: readonly Entry[]) => entries.filter((e) => aboutCode || !isCodeJokeEntry(e));

  const excluded = new Set((req.exclude ?? []).filter((l): l is string => typeof l === 'string').map(lineKey));
  const accept = (c: Candidate) => !excluded.has(c.key) && !excluded.has(c.base) && fitsBounds(c.text, category.minChars, maxChars);
  const recent = req.recent ?? NO_RECENT;
  // A line the provider chain would clean up or drop (e.g. one starting like chatter: "Okay.") is never offered.
  const verify = (c: Candidate) => cleanLine(c.text) === c.text && !containsAvoided(c.text);
  const picker = new Picker(accept, verify, recent, random, Math.ceil(WORD_SHARE * count));

  const fills: TopicFill[] =
    subjects.length > 0 ? subjects.map((topic) => ({ kind: 'topic', topic })) : [{ kind: 'neutral', noun: content.neutral[category.id] }];
  const compose: ComposeInput = {
    templates: usable(tonedEntries(set.templates, req.tone)),
    openings: usable(tonedEntries(set.openings, req.tone)),
    endings: usable(tonedEntries(set.endings, req.tone)),
    fills,
    words,
    language,
    allowed: (text) => !containsAvoided(text),
    random,
  };
  const composedPool = composeCandidates(compose, false);
  // Lines with both an opening and an ending only when repeats have used up the simpler ones.
  if (picker.freshAmong(composedPool) < count) composedPool.push(...composeCandidates(compose, true));
  const curatedPool = curatedCandidates(usable(set.lines[req.tone]).filter((e) => !containsAvoided(entryText(e))));

  let composed: string[] = [];
  let curated: string[] = [];
  if (subjects.length === 0 && language === 'en') {
    // The curated library first; once repeats have shown all of it, lines about "your brand".
    curated = picker.take(
      curatedPool.filter((c) => !recent.has(c.key)),
      count,
    );
    if (recent.size > 0) composed = picker.take(composedPool, count - curated.length);
    curated = curated.concat(picker.take(curatedPool, count - curated.length - composed.length));
  } else {
    composed = picker.take(composedPool, curatedPool.length > 0 ? Math.ceil(SUBJECT_SHARE * count) : count);
    curated = picker.take(curatedPool, count - composed.length);
    // Not enough curated lines fit: name the subject in more of them.
    composed = composed.concat(picker.take(composedPool, count - composed.length - curated.length));
  }
  return { lines: [...composed, ...curated], source: composed.length > 0 ? 'fallback' : 'static_fallback' };
}
