import type { Job } from 'bullmq';
import {
  generationFallbacks,
  generationJob,
  generationsBySource,
  generationsRepository,
  isFinalFailure,
  languageOfLine,
  platformOf,
  providerDuration,
  tracingOn,
  withSpan,
  type Config,
  type GenerationRow,
} from '@gl/core/server';
import { generationFailedText } from './failed-text';
import type { CategoryId, Tone } from '@gl/core';
import { offlineForCampaignDay } from './campaign-brief';
import { reportCampaignLine } from '../campaigns';
import { LineBatcher } from './line-batcher';
import { generateOffline } from './offline/offline-generator';
import { RecentLinesStore, type RecentBrief } from './offline/recent-lines.store';
import type { ChainRefine, ChainResult, OfflineRefineRequest, OfflineRequest, OfflineResult } from './provider-chain';
import { refineOffline } from './offline/refine';
import { HuggingFaceProvider } from './providers/huggingface.provider';
import { OpenAiProvider } from './providers/openai.provider';
import type { LineProvider } from './providers/provider';
import { chainFor, forgetPhoto, loadPhoto, needsPhoto, PHOTO_GONE_MESSAGE, userMessageOf, type VisionProviders } from '../photo';
import { registerProcessor, type WorkerContext } from '../processor';
import { announceGenerationCompleted } from '../webhooks';

/** What a user sees when a generation fails for good (the details stay in the row's timings). */
export const GENERATION_FAILED_MESSAGE = 'We could not generate lines right now. Please try again.';

const providerCache = new WeakMap<Config, LineProvider[]>();

/** The AI providers that have credentials, in fallback order; built once per config. */
export function configuredProviders(config: Config): LineProvider[] {
  let list = providerCache.get(config);
  if (!list) {
    list = [];
    if (config.OPENAI_API_KEY) {
      list.push(
        new OpenAiProvider({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          model: config.OPENAI_MODEL,
          timeoutMs: config.OPENAI_TIMEOUT_MS,
        }),
      );
    }
    if (config.HF_TOKEN) {
      list.push(
        new HuggingFaceProvider({
          token: config.HF_TOKEN,
          endpointUrl: config.HF_ENDPOINT_URL,
          model: config.HF_MODEL,
          timeoutMs: config.HF_TIMEOUT_MS,
        }),
      );
    }
    providerCache.set(config, list);
  }
  return list;
}

const recentStores = new WeakMap<WorkerContext['redis'], RecentLinesStore>();

/** The offline writer's memory of recently shown lines, one per Redis connection. */
function recentLinesFor(ctx: WorkerContext): RecentLinesStore {
  let store = recentStores.get(ctx.redis);
  if (!store) {
    store = new RecentLinesStore(ctx.redis, ctx.config.REDIS_PREFIX, {}, (err) =>
      ctx.logger.warn({ err: err.message }, 'offline recent-lines memory unavailable'),
    );
    recentStores.set(ctx.redis, store);
  }
  return store;
}

const OFFLINE_SOURCES = new Set(['static_fallback', 'fallback']);

export interface GenerationDeps {
  providers?: (config: Config) => LineProvider[];
  offline?: (req: OfflineRequest) => OfflineResult;
  offlineRefine?: (req: OfflineRefineRequest) => OfflineResult;
  /** The providers that can see a photo (photo generations only). */
  vision?: (config: Config) => VisionProviders;
}

function audienceOf(row: GenerationRow) {
  return row.userId ? { userId: row.userId } : { visitorId: row.visitorId };
}

function recordMetrics(result: Pick<ChainResult, 'timings'> & { source?: ChainResult['source'] }): void {
  for (const t of result.timings) {
    providerDuration.observe({ provider: t.provider, outcome: t.ok ? 'ok' : 'error' }, t.ms / 1000);
    if (!t.ok) generationFallbacks.inc({ from: t.provider });
  }
  if (result.source) generationsBySource.inc({ source: result.source });
}

/**
 * Runs one generation (or the regeneration of one of its lines, or the refinement of one, whose
 * result is appended at the next index) and streams it to the owner's room: generation:started, each accepted line once and in order (the first at once,
 * inside generation:started; the rest of a burst that arrives together as one generation:lines; the
 * last burst inside generation:completed as `newLines`), then exactly one generation:completed or
 * generation:failed (see LineBatcher). The row in PostgreSQL is the truth: an attempt
 * claims it (attempts + 1) and only the attempt that still holds the claim may finish it, so a
 * stalled job re-run by another worker never completes twice.
 */
export async function processGeneration(
  generationId: string,
  ctx: WorkerContext,
  job: Pick<Job, 'attemptsMade' | 'opts'>,
  deps: GenerationDeps = {},
): Promise<{ status: string; source?: string }> {
  // Claim first (the usual case: one round trip); only when that fails, read why.
  const row = await generationsRepository.claim(ctx.db, generationId);
  if (!row) {
    const current = await generationsRepository.findById(ctx.db, generationId);
    if (!current || current.status === 'completed' || current.status === 'failed') return { status: current?.status ?? 'missing' };
    return { status: 'taken' };
  }
  const attempt = row.attempts;
  const audience = audienceOf(row);
  const replaceIndex = row.replaceIndex;
  // A photo generation reads its photo from Redis; if it is gone, it fails now rather than run without it.
  const photo = needsPhoto(row) ? await loadPhoto(ctx, row.id) : undefined;
  if (photo === null) {
    const failed = await generationsRepository.fail(ctx.db, row.id, attempt, PHOTO_GONE_MESSAGE, [
      { provider: 'photo', ms: 0, ok: false, error: 'the photo was gone before the job ran' },
    ]);
    if (failed)
      ctx.realtime.emit(audience, 'generation:failed', {
        id: row.id,
        error: await generationFailedText(ctx.db, row.userId, PHOTO_GONE_MESSAGE),
      });
    return { status: 'failed' };
  }

  const timings: ChainResult['timings'] = [];
  const memorySubject = row.userId ? `user-${row.userId}` : row.visitorId ? `visitor-${row.visitorId}` : null;
  const brief: RecentBrief = {
    category: row.category,
    tone: row.tone,
    topic: row.topic,
    language: row.language,
    brandName: row.brand?.name ?? null,
  };
  const recentLines = recentLinesFor(ctx);
  // generation:started goes out with the first line (one publish), or alone after 25 ms without one.
  const lineEvents = new LineBatcher(
    (lines) => ctx.realtime.emit(audience, 'generation:started', lines ? { id: row.id, lines } : { id: row.id }),
    (line) => ctx.realtime.emit(audience, 'generation:line', { id: row.id, ...line }),
    (lines) => ctx.realtime.emit(audience, 'generation:lines', { id: row.id, lines }),
  );
  lineEvents.start();
  try {
    const regenerating = replaceIndex !== null;
    const asked = row.refine;
    // startRefinement only accepts an index that exists, and lines are only ever appended.
    if (asked && row.lines[asked.index] === undefined) throw new Error(`line ${asked.index} to refine does not exist`);
    const refine: ChainRefine | undefined = asked
      ? { line: row.lines[asked.index]!, action: asked.action, fromLanguage: languageOfLine(row, asked.index) }
      : undefined;
    const refinedIndex = row.lines.length;
    const result = await chainFor(
      photo,
      ctx.config,
      deps.vision,
    )(
      {
        category: row.category as CategoryId,
        tone: row.tone as Tone,
        topic: row.topic,
        prompt: row.prompt,
        count: regenerating || refine ? 1 : row.count,
        language: refine ? asked!.language : row.language,
        maxChars: row.maxChars,
        brand: row.brand,
        campaign: row.campaign,
        platform: platformOf(row),
        hashtags: row.hashtags === 'none' || row.hashtags === 'few' ? row.hashtags : null,
        emoji: row.emoji === 'none' || row.emoji === 'some' ? row.emoji : null,
        refine,
      },
      {
        providers: (deps.providers ?? configuredProviders)(ctx.config),
        offline: offlineForCampaignDay(deps.offline ?? generateOffline, row.campaign),
        offlineRefine: deps.offlineRefine ?? refineOffline,
        existing: regenerating || refine ? row.lines : [],
        timings,
        recentLines: memorySubject && !refine ? () => recentLines.recall(memorySubject, brief) : undefined,
        // Asked per line only when the user has saved any line (the claim said so): most have none.
        alreadySaved:
          row.userId && row.hasSavedLines ? (texts) => generationsRepository.savedTextsAmong(ctx.db, row.userId!, texts) : undefined,
        onLine: (index, text) => lineEvents.push(regenerating ? replaceIndex : refine ? refinedIndex : index, text),
        aroundProvider: tracingOn()
          ? (provider, ask, call) =>
              withSpan(`provider ${provider}`, { kind: 'client', attributes: { 'gl.provider': provider, 'gl.provider.ask': ask } }, call)
          : undefined,
      },
    );
    let lines = result.lines;
    if (regenerating) {
      lines = row.lines.map((l, i) => (i === replaceIndex ? result.lines[0]! : l));
      if (replaceIndex >= row.lines.length) lines.push(result.lines[0]!);
    } else if (refine) {
      lines = [...row.lines, result.lines[0]!];
    }
    const refinement = refine ? { index: refinedIndex, from: asked!.index, action: asked!.action, language: asked!.language } : undefined;
    // The lines still held go out inside generation:completed (one publish instead of two).
    const held = lineEvents.takeHeld();
    const done = await generationsRepository.complete(ctx.db, row.id, attempt, { lines, source: result.source, timings, refinement });
    if (!done) return { status: 'superseded' };
    if (photo) await forgetPhoto(ctx, row.id);
    recordMetrics(result);
    const usage = done.usage;
    ctx.realtime.emit(
      audience,
      'generation:completed',
      held.length
        ? { id: row.id, lines, source: result.source, usage, newLines: held }
        : { id: row.id, lines, source: result.source, usage },
    );
    // The completion said whether an endpoint listens: none (the usual case), no statement at all.
    if (done.hasWebhooks) await announceGenerationCompleted(ctx, done);
    if (row.campaign) await reportCampaignLine(ctx, row.id);
    // What the offline writer showed is remembered, so a repeat of this brief shows other lines.
    if (memorySubject && !refine && timings.some((t) => OFFLINE_SOURCES.has(t.provider))) {
      await recentLines.remember(memorySubject, brief, result.written);
    }
    return { status: 'completed', source: result.source };
  } catch (err) {
    lineEvents.flush();
    const final = isFinalFailure(job, err);
    ctx.logger.warn({ generationId, attempt, final, err: (err as Error).message }, 'generation attempt failed');
    if (final) {
      if (photo) await forgetPhoto(ctx, row.id);
      const message = userMessageOf(err) ?? GENERATION_FAILED_MESSAGE;
      const failed = await generationsRepository
        .fail(ctx.db, row.id, attempt, message, [...timings, { provider: 'chain', ms: 0, ok: false, error: (err as Error).message }])
        .catch(() => undefined);
      if (failed) {
        recordMetrics({ timings });
        ctx.realtime.emit(audience, 'generation:failed', { id: row.id, error: await generationFailedText(ctx.db, row.userId, message) });
        if (row.campaign) await reportCampaignLine(ctx, row.id);
      }
    }
    throw err;
  }
}

export const generationProcessor = registerProcessor(generationJob, async (payload, ctx, job) =>
  processGeneration(payload.generationId, ctx, job),
);
