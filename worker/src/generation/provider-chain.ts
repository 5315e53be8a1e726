import type { CampaignDayBrief } from '@gl/core/server';
import { LANGUAGE_IDS, type BrandSnapshot, type CategoryId, type GenerationSource, type LanguageId, type Tone } from '@gl/core';
import { avoidedWordTest } from './avoid-words';
import { boundsFor, cleanLine, fitToBounds, lineKey, LineSplitter, withinBounds, type LineBounds } from './clean-lines';
import { buildPrompt } from './prompt';
import type { OfflineRequest, OfflineResult } from './offline/offline-generator';
import { describeProviderError, type LineProvider } from './providers/provider';

export type { OfflineRequest, OfflineResult };

export interface ChainRequest {
  category: CategoryId;
  tone: Tone;
  topic?: string | null;
  /** Custom instructions; only passed for plans with customPrompts. */
  prompt?: string | null;
  count: number;
  language: LanguageId | string;
  maxChars?: number | null;
  /** The brand kit (a snapshot from the generation row): shapes the prompt; its wordsToAvoid are a hard rule. */
  brand?: BrandSnapshot | null;
  /** A campaign line: its day and occasion, which the prompt places the line in. */
  campaign?: CampaignDayBrief | null;
}

export interface ProviderAttempt {
  provider: string;
  ms: number;
  ok: boolean;
  error?: string;
}

export interface ChainResult {
  lines: string[];
  source: GenerationSource;
  timings: ProviderAttempt[];
}

export interface ChainOptions {
  /** Configured AI providers, in order (a provider without credentials is not in this list). */
  providers: LineProvider[];
  offline: (req: OfflineRequest) => OfflineResult;
  /** Lines the result must differ from (the other lines of a generation being regenerated). */
  existing?: string[];
  /** Which of these texts the user already saved (lower-cased); those are skipped. */
  alreadySaved?: (texts: string[]) => Promise<Set<string>>;
  /** Keys of lines recently shown for this brief, read only when the offline generator is needed. */
  recentLines?: () => Promise<ReadonlySet<string>>;
  /** Called for each accepted line, in order, as soon as it is accepted. */
  onLine?: (index: number, text: string) => void | Promise<void>;
  /** Attempts are pushed here as they happen, so a caller still has them when the chain throws. */
  timings?: ProviderAttempt[];
  now?: () => number;
}

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

const SOURCE_ORDER: GenerationSource[] = ['openai', 'huggingface', 'static_fallback', 'fallback'];
const OFFLINE_ROUNDS = 4;
/** With words to avoid, the offline generator may need more tries to find lines without them. */
const OFFLINE_ROUNDS_WITH_AVOIDED = 8;

/**
 * Produces exactly `count` clean lines: each configured AI provider in turn (streamed, with its
 * own timeout; an error or timeout falls through to the next), then the offline generator for
 * whatever is still missing. A provider that answers but leaves lines out of bounds, duplicated
 * or already saved is asked once more for the rest; then the offline generator fills the gap.
 * A brand's wordsToAvoid are a hard rule like the bounds: a line containing one (whole word, any
 * case, also in hashtags) is dropped, from every source including the offline generator.
 */
export async function runProviderChain(req: ChainRequest, opts: ChainOptions): Promise<ChainResult> {
  const now = opts.now ?? (() => performance.now());
  const bounds = boundsFor(req.category, req.maxChars);
  const accepted: Array<{ text: string; source: GenerationSource }> = [];
  const taken = new Set((opts.existing ?? []).map(lineKey));
  const rejected: string[] = [];
  const timings: ProviderAttempt[] = opts.timings ?? [];
  const wordsToAvoid = req.brand?.wordsToAvoid ?? [];
  const breaksAvoidRule = avoidedWordTest(wordsToAvoid);

  const consider = async (raw: string, source: GenerationSource, fit = false): Promise<boolean> => {
    if (accepted.length >= req.count) return false;
    let text = cleanLine(raw);
    if (!text) return false;
    if (!withinBounds(text, bounds)) {
      const fitted = fit ? fitToBounds(text, bounds) : undefined;
      if (!fitted) {
        rejected.push(text);
        return false;
      }
      text = fitted;
    }
    if (breaksAvoidRule(text)) {
      rejected.push(text);
      return false;
    }
    const key = lineKey(text);
    if (!key || taken.has(key)) return false;
    if (opts.alreadySaved) {
      const saved = await opts.alreadySaved([text]);
      if (saved.has(text.toLowerCase())) {
        taken.add(key);
        rejected.push(text);
        return false;
      }
    }
    if (taken.has(key) || accepted.length >= req.count) return false;
    taken.add(key);
    accepted.push({ text, source });
    await opts.onLine?.(accepted.length - 1, text);
    return true;
  };

  const streamFrom = async (provider: LineProvider): Promise<void> => {
    const need = req.count - accepted.length;
    const prompt = buildPrompt({
      ...req,
      count: need,
      bounds,
      avoid: [...(opts.existing ?? []), ...accepted.map((a) => a.text)],
    });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutError(provider.timeoutMs)), provider.timeoutMs);
    const splitter = new LineSplitter();
    try {
      for await (const delta of provider.stream(prompt, controller.signal)) {
        for (const raw of splitter.push(delta)) await consider(raw, provider.name);
        if (accepted.length >= req.count) break;
      }
      for (const raw of splitter.end()) await consider(raw, provider.name);
    } catch (err) {
      throw controller.signal.aborted && controller.signal.reason instanceof TimeoutError ? controller.signal.reason : err;
    } finally {
      clearTimeout(timer);
      if (!controller.signal.aborted) controller.abort();
    }
  };

  for (const provider of opts.providers) {
    if (accepted.length >= req.count) break;
    let answered = false;
    for (let ask = 0; ask < 2 && accepted.length < req.count; ask++) {
      const started = now();
      try {
        await streamFrom(provider);
        timings.push({ provider: provider.name, ms: Math.round(now() - started), ok: true });
        answered = true;
      } catch (err) {
        timings.push({ provider: provider.name, ms: Math.round(now() - started), ok: false, error: describeProviderError(err) });
        answered = false;
        break;
      }
    }
    // A provider that answered but left lines out: the offline generator fills the gap.
    if (answered) break;
  }

  const recent = accepted.length < req.count && opts.recentLines ? await opts.recentLines() : undefined;
  const rounds = wordsToAvoid.length ? OFFLINE_ROUNDS_WITH_AVOIDED : OFFLINE_ROUNDS;
  for (let round = 0; round < rounds && accepted.length < req.count; round++) {
    const started = now();
    const lastRound = round === rounds - 1;
    const need = req.count - accepted.length;
    const result = opts.offline({
      category: req.category,
      tone: req.tone,
      topic: req.topic ?? undefined,
      brand: req.brand ? { name: req.brand.name, wordsToUse: req.brand.wordsToUse, wordsToAvoid } : undefined,
      // Ask for spares when some lines may be dropped for an avoided word.
      count: wordsToAvoid.length ? Math.min(10, need * 2) : need,
      language: (LANGUAGE_IDS as readonly string[]).includes(req.language) ? (req.language as LanguageId) : 'en',
      maxChars: bounds.max,
      exclude: [...(opts.existing ?? []), ...accepted.map((a) => a.text), ...rejected],
      recent,
    });
    for (const line of result.lines) await consider(line, result.source, round > 0 || lastRound);
    timings.push({ provider: result.source, ms: Math.round(now() - started), ok: true });
  }

  if (accepted.length < req.count) {
    throw new Error(`only ${accepted.length} of ${req.count} lines could be produced`);
  }
  return { lines: accepted.map((a) => a.text), source: majoritySource(accepted.map((a) => a.source)), timings };
}

/** The source that produced most of the lines; a tie goes to the earlier provider in the chain. */
export function majoritySource(sources: GenerationSource[]): GenerationSource {
  const counts = new Map<GenerationSource, number>();
  for (const s of sources) counts.set(s, (counts.get(s) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  return SOURCE_ORDER.find((s) => (counts.get(s) ?? 0) === most && most > 0) ?? 'static_fallback';
}

export type { LineBounds };
