/**
 * The offline writer's refinement, as the chain calls it. TODO(lead): once the offline branch lands,
 * replace this file's body with `export { refineOffline, type OfflineRefineRequest } from './offline/refine';`
 * (the interface below is the agreed one). Until then a stand-in answers from the offline writer
 * itself, so refinement works without an AI key and the chain's rules still decide what is delivered.
 */
import {
  countForPlatform,
  emojiOf,
  type CategoryId,
  type EmojiMode,
  type HashtagMode,
  type LanguageId,
  type RefineAction,
  type Tone,
  REFINE_SHORTER_RATIO,
} from '@gl/core';
import { generateOffline, type OfflineBrand, type OfflineResult } from './offline/offline-generator';

export interface OfflineRefineRequest {
  line: string;
  action: RefineAction;
  fromLanguage: LanguageId;
  language: LanguageId;
  category: CategoryId;
  tone: Tone;
  topic?: string | null;
  brand?: OfflineBrand;
  maxChars: number;
  count: number;
  exclude?: string[];
  hashtags?: HashtagMode;
  emoji?: EmojiMode;
  random?: () => number;
}

/** The tone a rewording action leans to, for the stand-in. */
const ACTION_TONE: Partial<Record<RefineAction, Tone>> = { punchier: 'bold', funnier: 'funny', more_formal: 'corporate' };
const EMOJI_TO_ADD = ['✨', '🔥', '💫', '🙌'];

/** Stand-in (see the TODO above): whole lines from the offline writer that meet the action, never a cut one. */
export function refineOffline(req: OfflineRefineRequest): OfflineResult {
  const length = countForPlatform(req.line, null);
  if (req.action === 'remove_emoji') {
    const words = [...emojiOf(req.line)]
      .reduce((text, e) => text.split(e).join(''), req.line)
      .replace(/\s+/g, ' ')
      .trim();
    return { lines: words ? [words] : [], source: 'static_fallback' };
  }
  if (req.action === 'add_emoji') {
    const pick = EMOJI_TO_ADD[Math.floor((req.random ?? Math.random)() * EMOJI_TO_ADD.length)]!;
    return { lines: [`${req.line} ${pick}`], source: 'static_fallback' };
  }
  const maxChars =
    req.action === 'shorter' ? Math.max(10, Math.min(req.maxChars, Math.floor(length * REFINE_SHORTER_RATIO))) : req.maxChars;
  const result = generateOffline({
    category: req.category,
    tone: ACTION_TONE[req.action] ?? req.tone,
    topic: req.topic,
    brand: req.brand,
    count: 10,
    language: req.action === 'translate' ? req.language : req.fromLanguage,
    maxChars,
    exclude: [req.line, ...(req.exclude ?? [])],
    random: req.random,
  });
  let lines = result.lines.filter((l) => {
    const n = countForPlatform(l, null);
    if (req.action === 'shorter') return n <= Math.floor(length * REFINE_SHORTER_RATIO);
    if (req.action === 'longer') return n > length;
    return true;
  });
  if (req.action === 'longer' && lines.length === 0) {
    // The original with one more short line about the subject after it.
    const base = req.line.replace(/[\s.!?…]+$/u, '');
    lines = result.lines.map((l) => `${base}. ${l}`).filter((l) => countForPlatform(l, null) <= req.maxChars);
  }
  return { lines: lines.slice(0, Math.max(1, req.count)), source: result.source };
}
