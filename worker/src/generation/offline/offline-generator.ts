import { getCategory } from '@gl/core';
import type { CategoryId, LanguageId, Tone } from '@gl/core';
import { curatedLines } from './library';
import { isOtherLanguage, neutralNounFor, renderTemplate, templatesFor, type TopicFill } from './templates';
import { fitsBounds, lineKey, normalizeTopic, shuffle } from './text';

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
  /** Lines the user already has (compared trimmed and case-insensitively); never returned. */
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
/** Share of lines that name the topic when one is given (English; other languages use templates only). */
const TOPIC_SHARE = 0.75;
/** How many request keys remember their last result. */
const MEMORY_LIMIT = 500;

/** Last result per request key (LRU), so "generate again" never shows the same set twice in a row. */
const lastResults = new Map<string, ReadonlySet<string>>();

function recall(key: string): ReadonlySet<string> {
  return lastResults.get(key) ?? new Set<string>();
}

function remember(key: string, lines: readonly string[]): void {
  lastResults.delete(key);
  lastResults.set(key, new Set(lines.map(lineKey)));
  while (lastResults.size > MEMORY_LIMIT) {
    const oldest = lastResults.keys().next().value;
    if (oldest === undefined) break;
    lastResults.delete(oldest);
  }
}

/**
 * Picks lines that fit the bounds, are not excluded and not already picked. Within each call, lines
 * not shown in the previous result for the same request come first (in random order), so a repeat
 * request always gets a different set whenever the pool allows it.
 */
class Picker {
  private readonly taken = new Set<string>();

  constructor(
    private readonly minChars: number,
    private readonly maxChars: number,
    private readonly excluded: ReadonlySet<string>,
    private readonly previous: ReadonlySet<string>,
    private readonly random: () => number,
  ) {}

  take(groups: ReadonlyArray<readonly string[]>, n: number): string[] {
    if (n <= 0) return [];
    const fresh: string[] = [];
    const stale: string[] = [];
    const seen = new Set<string>();
    for (const group of groups) {
      for (const line of shuffle(group, this.random)) {
        const key = lineKey(line);
        if (seen.has(key) || this.taken.has(key) || this.excluded.has(key)) continue;
        if (!fitsBounds(line, this.minChars, this.maxChars)) continue;
        seen.add(key);
        (this.previous.has(key) ? stale : fresh).push(line);
      }
    }
    const picked = [...fresh, ...stale].slice(0, n);
    for (const line of picked) this.taken.add(lineKey(line));
    return picked;
  }
}

function clampCount(count: number): number {
  if (!Number.isFinite(count)) return MIN_COUNT;
  return Math.min(MAX_COUNT, Math.max(MIN_COUNT, Math.trunc(count)));
}

/**
 * The built-in generator used when no AI provider is available. English without a topic draws from
 * the curated library (`static_fallback`); with a topic, at least three quarters of the lines are
 * composed from templates that name it (`fallback`). Other languages are always composed from that
 * language's templates, with a neutral noun ("votre marque") when no topic is given.
 */
export function generateOffline(req: OfflineRequest): OfflineResult {
  const category = getCategory(req.category);
  const count = clampCount(req.count);
  const language: LanguageId = isOtherLanguage(req.language) ? req.language : 'en';
  const cap = typeof req.maxChars === 'number' && Number.isFinite(req.maxChars) ? Math.floor(req.maxChars) : Infinity;
  const maxChars = Math.min(category.maxChars, cap);
  const topic = normalizeTopic(req.topic);
  const random = req.random ?? Math.random;

  const key = [category.id, req.tone, topic?.toLowerCase() ?? '', count, language, Number.isFinite(cap) ? cap : ''].join('|');
  const excluded = new Set((req.exclude ?? []).filter((l): l is string => typeof l === 'string').map(lineKey));
  const picker = new Picker(category.minChars, maxChars, excluded, recall(key), random);
  const groups = templatesFor(language, category.id, req.tone);

  let composed: string[] = [];
  let curated: string[] = [];

  if (isOtherLanguage(language)) {
    const fill: TopicFill = topic ? { kind: 'topic', topic } : { kind: 'neutral', noun: neutralNounFor(language, category.id) };
    const render = (t: string) => renderTemplate(t, fill, language);
    composed = picker.take([groups.toned.map(render), groups.general.map(render)], count);
  } else if (topic) {
    const rendered = groups.toned.map((t) => renderTemplate(t, { kind: 'topic', topic }, 'en'));
    composed = picker.take([rendered], Math.ceil(TOPIC_SHARE * count));
    curated = picker.take([curatedLines(category.id, req.tone)], count - composed.length);
    // Not enough curated lines fit: name the topic in more of them.
    composed = composed.concat(picker.take([rendered], count - composed.length - curated.length));
  } else {
    curated = picker.take([curatedLines(category.id, req.tone)], count);
  }

  const lines = [...composed, ...curated];
  remember(key, lines);
  return { lines, source: composed.length > 0 ? 'fallback' : 'static_fallback' };
}
