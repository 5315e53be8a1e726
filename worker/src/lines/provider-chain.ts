import type { CampaignDayBrief } from '@gl/core/server';
import {
  countForPlatform,
  getCategory,
  LANGUAGE_IDS,
  REFINE_SHORTER_RATIO,
  switchesFor,
  type BrandSnapshot,
  type CategoryId,
  type EmojiMode,
  type GenerationSource,
  type HashtagMode,
  type LanguageId,
  type PlatformId,
  type RefineAction,
  type Tone,
} from '@gl/core';
import { cleanLine, lineKey, LineSplitter, type LineBounds } from './clean-lines';
import { LineRules, type RuleId, type RulesInput } from './line-rules';
import { buildPrompt, buildRefinePrompt, type ChatPrompt } from './prompt';
import type { OfflineRequest, OfflineResult } from './offline/offline-generator';
import type { OfflineRefineRequest } from './offline/refine';
import { describeProviderError, type LineProvider } from './providers/provider';

export type { OfflineRequest, OfflineResult, OfflineRefineRequest };

/** Refining one line: the result is one new line made from `line` by `action`. */
export interface ChainRefine {
  line: string;
  action: RefineAction;
  /** The original line's language. */
  fromLanguage: LanguageId;
}

export interface ChainRequest {
  category: CategoryId;
  tone: Tone;
  topic?: string | null;
  /** Custom instructions; only passed for plans with customPrompts. */
  prompt?: string | null;
  count: number;
  language: LanguageId | string;
  maxChars?: number | null;
  /** The brand kit (a snapshot from the generation row): shapes the prompt; its wordsToAvoid and its voice are hard rules. */
  brand?: BrandSnapshot | null;
  /** A campaign line: its day and occasion, which the prompt places the line in. */
  campaign?: CampaignDayBrief | null;
  /** Where the lines will be posted: its limit, counted its way, is a hard rule. */
  platform?: PlatformId | null;
  /** The switches as asked; unset: the defaults (switchesFor). */
  hashtags?: HashtagMode | null;
  emoji?: EmojiMode | null;
  /** Set when refining one line (count is then 1): `language` is the refined line's language. */
  refine?: ChainRefine;
}

export interface ProviderAttempt {
  provider: string;
  ms: number;
  ok: boolean;
  error?: string;
}

export interface ChainResult {
  lines: string[];
  /**
   * Each line as its source wrote it (cleaned, before any repair or fitting): what the offline
   * writer's memory of shown lines keeps, so it knows its own lines again.
   */
  written: string[];
  source: GenerationSource;
  timings: ProviderAttempt[];
}

export interface ChainOptions {
  /** Configured AI providers, in order (a provider without credentials is not in this list). */
  providers: LineProvider[];
  offline: (req: OfflineRequest) => OfflineResult;
  /** The offline writer's refinement (required when the request refines a line). */
  offlineRefine?: (req: OfflineRefineRequest) => OfflineResult;
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
  /** Wraps each ask of a provider (the worker's trace span of the provider call). */
  aroundProvider?: (provider: string, ask: number, call: () => Promise<void>) => Promise<void>;
}

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

const SOURCE_ORDER: GenerationSource[] = ['openai', 'huggingface', 'static_fallback', 'fallback'];
const OFFLINE_ROUNDS = 4;
/**
 * With words to avoid or stricter rules, the offline generator may need more tries to find lines that
 * keep them: up to this many, while rounds still add lines.
 */
const OFFLINE_ROUNDS_STRICT = 24;
/** Strict rounds stop early after this many rounds in a row that added nothing. */
const OFFLINE_IDLE_ROUNDS = 4;

/** Rules an offline line can be made to keep without changing what it says (no cutting). */
const FORMAT_RULES = new Set<RuleId>([
  'hashtags_none',
  'hashtags_few',
  'emoji_none',
  'emoji_some',
  'exclamation',
  'shouting',
  'lowercase',
  'sms_charset',
]);

/** Categories whose lines are short and interchangeable under a tight limit (a headline, an SMS). */
const SHORT_FORMS: CategoryId[] = ['slogans', 'taglines', 'adlines'];

const asLanguage = (language: string): LanguageId =>
  (LANGUAGE_IDS as readonly string[]).includes(language) ? (language as LanguageId) : 'en';

/** The rules a request's lines keep: the switches, the platform, the voice, and a refinement's own. */
export function rulesFor(req: ChainRequest): LineRules {
  const switches = switchesFor(req.category, req.platform ?? null, { hashtags: req.hashtags, emoji: req.emoji });
  const input: RulesInput = {
    category: req.category,
    platform: req.platform ?? null,
    maxChars: req.maxChars ?? null,
    ...switches,
    brand: req.brand ?? null,
    hashtagWords: [req.brand?.name, req.topic].filter((w): w is string => !!w),
    topic: req.topic ?? null,
  };
  const refine = req.refine;
  if (refine) {
    const original = req.platform ? countForPlatform(refine.line, req.platform) : refine.line.length;
    if (refine.action === 'shorter') input.maxLength = Math.floor(original * REFINE_SHORTER_RATIO);
    if (refine.action === 'longer') input.longerThan = original;
    if (refine.action === 'add_emoji') input.emojiRequired = true;
    if (refine.action === 'remove_emoji') input.emojiRequired = false;
  }
  return new LineRules(input);
}

/**
 * Produces exactly `count` lines that keep every rule: each configured AI provider in turn
 * (streamed, with its own timeout; an error or timeout falls through to the next), then the offline
 * generator for whatever is still missing. Every line, from every source, is cleaned, repaired where
 * that is exact and checked against the rules (LineRules: the platform limit counted its way,
 * maxChars, the hashtag and emoji switches, the kit's voice and words to avoid, a refinement's own
 * rule); a line that breaks one is never delivered. A provider that answers but leaves lines out
 * (broken, duplicated or already saved) is asked once more with the broken rules restated; then the
 * offline generator fills the gap, its own lines made to fit as a last resort.
 */
export async function runProviderChain(req: ChainRequest, opts: ChainOptions): Promise<ChainResult> {
  const now = opts.now ?? (() => performance.now());
  const rules = rulesFor(req);
  const bounds: LineBounds = { min: rules.min, max: rules.limit };
  const accepted: Array<{ text: string; source: GenerationSource; written: string }> = [];
  const taken = new Set((opts.existing ?? []).map(lineKey));
  const rejected: string[] = [];
  const timings: ProviderAttempt[] = opts.timings ?? [];
  const wordsToAvoid = req.brand?.wordsToAvoid ?? [];
  let brokenRules = new Set<RuleId>();
  const strict =
    wordsToAvoid.length > 0 || !!req.platform || rules.hashtags === 'few' || rules.emoji === 'none' || !!rules.voice.length || !!req.refine;

  /**
   * `fit`: how far an offline line may be made to fit (never a provider's): `format` takes out or
   * adds hashtags and emoji, "!" and capitals; `all` may also cut it at a word boundary (last rounds).
   */
  const consider = async (raw: string, source: GenerationSource, fit: 'format' | 'all' | false = false): Promise<boolean> => {
    if (accepted.length >= req.count) return false;
    const cleaned = cleanLine(raw);
    if (!cleaned) return false;
    let { text, broken } = rules.check(cleaned);
    if (broken.length && (fit === 'all' || (fit === 'format' && broken.every((id) => FORMAT_RULES.has(id))))) {
      const fitted = rules.forceFit(text);
      if (fitted !== undefined) ({ text, broken } = { text: fitted, broken: [] });
    }
    if (broken.length) {
      for (const id of broken) brokenRules.add(id);
      rejected.push(cleaned);
      return false;
    }
    if (req.refine && lineKey(text) === lineKey(req.refine.line)) return false;
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
    accepted.push({ text, source, written: cleaned });
    await opts.onLine?.(accepted.length - 1, text);
    return true;
  };

  const promptFor = (restate: string[]): ChatPrompt => {
    const avoid = [...(opts.existing ?? []), ...accepted.map((a) => a.text)];
    if (req.refine) {
      return buildRefinePrompt({
        ...req,
        ...req.refine,
        language: req.language,
        bounds,
        avoid,
        rules: rules.describe(),
        restate,
      });
    }
    return buildPrompt({ ...req, count: req.count - accepted.length, bounds, avoid, rules: rules.describe(), restate });
  };

  const streamFrom = async (provider: LineProvider, restate: string[]): Promise<void> => {
    const prompt = promptFor(restate);
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
      // The second ask restates the rules the first answer broke.
      const restate = ask > 0 ? rules.restate(brokenRules) : [];
      brokenRules = new Set();
      try {
        if (opts.aroundProvider) await opts.aroundProvider(provider.name, ask + 1, () => streamFrom(provider, restate));
        else await streamFrom(provider, restate);
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
  const rounds = strict ? OFFLINE_ROUNDS_STRICT : OFFLINE_ROUNDS;
  const brand = req.brand
    ? { name: req.brand.name, wordsToUse: req.brand.wordsToUse, wordsToAvoid, examples: req.brand.exampleLines ?? [] }
    : undefined;
  /**
   * `close`: the writer keeps to the limit itself. `wide`: a tight limit left it short of lines (an SMS
   * quote, a 30-character headline), so it writes to the category's bound and the rules cut its lines at
   * a clause or word boundary. `generic`: still short, so its lines need not name the topic (a few
   * general lines beat an error).
   */
  let phase: 'close' | 'wide' | 'generic' = 'close';
  let idle = 0;
  let genericRound = 0;
  // Short forms say much the same in few words: a generic round may borrow a neighbour's lines.
  const generic: CategoryId[] = [req.category, ...SHORT_FORMS.filter((c) => c !== req.category)];
  for (let round = 0; round < rounds && accepted.length < req.count; round++) {
    const started = now();
    const before = accepted.length;
    const need = req.count - accepted.length;
    // Ask for spares when some lines may be dropped for a rule.
    const count = strict ? Math.min(10, need * 2) : need;
    // The offline writer's bound is never below its minimum of 10.
    const close = Math.min(rules.limit, rules.voiceRange.max);
    const maxChars = Math.max(10, phase === 'close' ? close : Math.max(rules.limit, getCategory(req.category).maxChars));
    const topic = phase === 'generic' ? undefined : (req.topic ?? undefined);
    const category = phase === 'generic' ? generic[genericRound++ % generic.length]! : req.category;
    const exclude = [...(opts.existing ?? []), ...accepted.flatMap((a) => [a.text, a.written]), ...rejected];
    const switches = { hashtags: rules.hashtags, emoji: rules.emoji };
    const result = req.refine
      ? offlineRefineOf(opts)({
          ...req.refine,
          language: asLanguage(req.language),
          category: req.category,
          tone: req.tone,
          topic: topic ?? null,
          brand,
          maxChars,
          count,
          exclude,
          ...switches,
        })
      : opts.offline({
          category,
          tone: req.tone,
          topic,
          brand,
          count,
          language: asLanguage(req.language),
          maxChars,
          platform: req.platform ?? null,
          exclude,
          recent,
          ...switches,
          lowercase: rules.voice.lowercase,
          noExclamation: rules.voice.noExclamation,
        });
    // The first round's lines are only re-formatted; later ones may be cut to fit.
    for (const line of result.lines) await consider(line, result.source, round > 0 || round === rounds - 1 ? 'all' : 'format');
    timings.push({ provider: result.source, ms: Math.round(now() - started), ok: true });
    idle = accepted.length > before ? 0 : idle + 1;
    if (phase === 'close' && round >= 1) [phase, idle] = ['wide', 0];
    else if (phase === 'wide' && idle >= 2 && strict) [phase, idle] = ['generic', 0];
    else if (phase === 'generic' && idle >= OFFLINE_IDLE_ROUNDS) break;
  }

  if (accepted.length < req.count) {
    throw new Error(`only ${accepted.length} of ${req.count} lines could be produced`);
  }
  return {
    lines: accepted.map((a) => a.text),
    written: accepted.map((a) => a.written),
    source: majoritySource(accepted.map((a) => a.source)),
    timings,
  };
}

function offlineRefineOf(opts: ChainOptions): (req: OfflineRefineRequest) => OfflineResult {
  if (!opts.offlineRefine) throw new Error('offlineRefine is required to refine a line');
  return opts.offlineRefine;
}

/** The source that produced most of the lines; a tie goes to the earlier provider in the chain. */
export function majoritySource(sources: GenerationSource[]): GenerationSource {
  const counts = new Map<GenerationSource, number>();
  for (const s of sources) counts.set(s, (counts.get(s) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  return SOURCE_ORDER.find((s) => (counts.get(s) ?? 0) === most && most > 0) ?? 'static_fallback';
}

export type { LineBounds };
