import { getCategory, type PlatformId } from '@gl/core';
import { containsAvoidedWord } from '../avoid-words';
import { isAboutCode } from './code-topic';
import type { OfflineRequest, OfflineResult } from './offline-generator';
import { lineKey, stem } from './text';
import { isCodeJoke, seededRandom } from './variety';

/**
 * What `npm run bench:offline` measures on the offline writer, per brief: the brief is asked
 * `repeats` times for `count` lines, each time with the keys of what was shown before (as the
 * recent-lines memory does). Independent of how the writer works, so the same figures can be taken
 * before and after a change. Shared by the bench (which prints them) and the unit tests (which
 * assert the targets of issue 22 on briefs of every shape).
 */
export interface BenchBrief {
  name: string;
  /** The platform whose limit `request.maxChars` is (shown only). */
  platform?: PlatformId;
  request: Omit<OfflineRequest, 'count' | 'recent' | 'random'>;
}

export interface BriefFigures {
  total: number;
  distinct: number;
  /** Lines using a word of the brief (topic or brand name) or a close relative of one. */
  onSubject: number;
  /** Lines containing five or more words of the topic in a row. */
  pasted: number;
  /** Lines with a sentence that starts with a lower-case letter (a name written that way excepted). */
  lowerStarts: number;
  /** Developer jokes although the brief is not about code. */
  offTopicCodeJokes: number;
  /** Lines longer than the bound (the category's and `maxChars`). */
  overLimit: number;
  /** Kiswahili lines with an English word in them (a function word, or an English word of the brief). */
  englishInSwahili: number;
  /** Lines containing one of the brand's words to avoid. */
  avoidedWords: number;
  /** Mean and worst time of one generation, in milliseconds. */
  meanMs: number;
  maxMs: number;
  /** The lines, in order (for printing samples). */
  lines: string[];
}

/** Words that say nothing about a subject (English and Kiswahili function words and fillers). */
const STOP_WORDS = new Set(
  (
    'a an the and or but of in on at to for from by with without that which who whom whose this these those my our your his her ' +
    'their its me we you i he she they it is are was were be been being has have had do does did will would can could should ' +
    'sells sell selling offers offering offer makes make making run runs run by who loves love near based new small big best good ' +
    'very just only also into over under up down out about than then there here all any some every each more most so no not ' +
    'la ya wa na kwa za cha vya katika ni kwenye huko mjini le les des du de et à au en el los las del y un una une o os das do da e em ' +
    'der die das und für mit von im'
  ).split(' '),
);

/** Words used in Kiswahili as they are. */
const LOANWORDS = new Set([
  'yoga',
  'studio',
  'app',
  'online',
  'wifi',
  'pizza',
  'taxi',
  'menu',
  'video',
  'selfie',
  'instagram',
  'tiktok',
  'posho',
  'sofa',
  'safari',
  'boda',
  'chapati',
  'mandazi',
  'mitumba',
  'matatu',
  'harambee',
  'chama',
  'sacco',
]);

/** English words that never belong in a Kiswahili line. */
const ENGLISH_MARKERS = new Set(
  'the and of in on at to for from with that which who your our my is are be best fresh shop store sells family wedding birthday new'.split(
    ' ',
  ),
);

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Whether two words are the same or close relatives ("bakery"/"baker"/"baked", "photographer"/"photography"). */
export function related(a: string, b: string): boolean {
  const x = stem(a);
  const y = stem(b);
  if (x === y) return true;
  const shorter = Math.min(x.length, y.length);
  if (shorter < 4) return false;
  let common = 0;
  while (common < shorter && x[common] === y[common]) common++;
  return common >= Math.max(4, shorter - 3);
}

/** The brief's content words: topic and brand name without function words. */
export function briefWords(request: BenchBrief['request']): string[] {
  const text = `${request.topic ?? ''} ${request.brand?.name ?? ''}`;
  return [...new Set(words(text).flatMap((w) => [w, ...w.split('-')]))].filter((w) => !STOP_WORDS.has(w) && !/^\d/.test(w) && w.length > 1);
}

/** Whether a line uses a word of the brief or a close relative (`relatives` adds translations). */
export function isOnSubject(
  line: string,
  subjectWords: readonly string[],
  relatives: (word: string) => readonly string[] = () => [],
): boolean {
  const own = words(line).flatMap((w) => [w, ...w.split('-')]);
  const targets = subjectWords.flatMap((w) => [w, ...relatives(w.replace(/['’]s?$/, ''))]).flatMap(words);
  return targets.some((t) => own.some((w) => related(w, t)));
}

/** Whether the line contains `run` or more words of the topic in a row. */
export function pastesTopic(line: string, topic: string | null | undefined, run = 5): boolean {
  const t = words(topic ?? '');
  if (t.length < run) return false;
  const l = ` ${words(line).join(' ')} `;
  for (let i = 0; i + run <= t.length; i++) if (l.includes(` ${t.slice(i, i + run).join(' ')} `)) return true;
  return false;
}

/** Sentences starting with a lower-case letter; a word written that way in the brief (a name such as "iPhone") is fine. */
export function lowerCaseStarts(line: string, brief: string): number {
  const exempt = new Set(
    (brief.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => /^\p{Ll}/u.test(w) && /\p{Lu}/u.test(w.slice(1))).map((w) => w.toLowerCase()),
  );
  let n = 0;
  for (const sentence of line.split(/(?<=[.!?…])\s+/u)) {
    const start = /^[^\p{L}\p{N}#@]*([\p{L}\p{N}][\p{L}\p{N}]*)/u.exec(sentence);
    const word = start?.[1];
    if (word && /^\p{Ll}/u.test(word) && !exempt.has(word.toLowerCase())) n++;
  }
  return n;
}

/** Whether a Kiswahili line contains an English word: a function word, or an English word of an English brief. */
export function hasEnglish(line: string, englishBriefWords: readonly string[]): boolean {
  const brief = new Set(englishBriefWords);
  return words(line).some((w) => !LOANWORDS.has(w) && (ENGLISH_MARKERS.has(w) || brief.has(w)));
}

/** A brief is written in English when it has more English function words than Kiswahili ones (or neither). */
function englishBrief(topic: string): boolean {
  const w = words(topic);
  const en = w.filter((x) => /^(a|an|the|in|for|of|that|who|with|from|and|my|our|at|on)$/.test(x)).length;
  const sw = w.filter((x) => /^(la|ya|wa|cha|vya|za|kwa|na|mjini|ni)$/.test(x)).length;
  return en >= sw;
}

export function measureBrief(
  generate: (req: OfflineRequest) => OfflineResult,
  brief: BenchBrief,
  opts: { repeats?: number; count?: number; memory?: number; seed?: number; relatives?: (word: string) => readonly string[] } = {},
): BriefFigures {
  const { repeats = 10, count = 5, memory = 200, seed = 42 } = opts;
  const random = seededRandom(seed);
  const req = brief.request;
  const topic = req.topic ?? '';
  const subjectWords = briefWords(req);
  const aboutCode = isAboutCode(`${topic} ${req.brand?.name ?? ''}`);
  const bound = Math.min(getCategory(req.category).maxChars, req.maxChars ?? Infinity);
  const swLines = req.language === 'sw';
  const englishWords =
    swLines && englishBrief(topic) ? (topic.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !/\p{Lu}/u.test(w) && !STOP_WORDS.has(w)) : [];
  const nameText = `${topic} ${req.brand?.name ?? ''}`;
  const shown: string[] = [];
  const keys: string[] = [];
  const lines: string[] = [];
  const f = { onSubject: 0, pasted: 0, lowerStarts: 0, offTopicCodeJokes: 0, overLimit: 0, englishInSwahili: 0, avoidedWords: 0 };
  let totalMs = 0;
  let maxMs = 0;
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    const result = generate({ ...req, count, random, recent: new Set(memory > 0 ? shown.slice(-memory) : []) });
    const ms = performance.now() - started;
    totalMs += ms;
    maxMs = Math.max(maxMs, ms);
    for (const line of result.lines) {
      lines.push(line);
      shown.push(lineKey(line));
      // Hashtags and emoji added by a switch do not make a line new.
      keys.push(lineKey(line.replace(/#[\p{L}\p{N}_]+|\p{Extended_Pictographic}\uFE0F?/gu, '').trim()));
      if (subjectWords.length === 0 || isOnSubject(line, subjectWords, opts.relatives)) f.onSubject++;
      if (pastesTopic(line, topic)) f.pasted++;
      if (!(req as { lowercase?: boolean }).lowercase && lowerCaseStarts(line, nameText) > 0) f.lowerStarts++;
      if (!aboutCode && isCodeJoke(line)) f.offTopicCodeJokes++;
      if (line.length > bound) f.overLimit++;
      if (swLines && hasEnglish(line, englishWords)) f.englishInSwahili++;
      if (containsAvoidedWord(line, req.brand?.wordsToAvoid ?? [])) f.avoidedWords++;
    }
  }
  return { total: lines.length, distinct: new Set(keys).size, ...f, meanMs: totalMs / repeats, maxMs, lines };
}
