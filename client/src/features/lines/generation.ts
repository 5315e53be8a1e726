import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  GENERATION_LINES_MAX,
  type GenerateBody,
  type GenerationDto,
  type GenerationSource,
  type LanguageId,
  type RefineAction,
  type RefineBody,
  type UsageSummary,
} from '@gl/core/types';
import { ApiError, api } from '../../platform/api';
import { i18n } from '../../platform/i18n/i18n';
import { live, useLiveConnection, useLiveEvent, useLiveReconnect } from '../../platform/socket';

/** The body of POST /api/lines/generate, as the contract types it. */
export type GenerateRequest = GenerateBody;

export interface GenerationError {
  message: string;
  code: string;
  status: number;
  /** The server was not reached: show a retry. */
  network: boolean;
  /** Daily limit or a plan rule: show the upgrade link. */
  upgrade: boolean;
}

export interface GenerationState {
  phase: 'idle' | 'submitting' | 'pending' | 'running' | 'completed' | 'failed';
  id: string | null;
  request: GenerateRequest | null;
  /** One slot per requested line; null until it arrives. */
  lines: Array<string | null>;
  source: GenerationSource | null;
  error: GenerationError | null;
  /** Indexes being regenerated one by one. */
  regenerating: number[];
  /** An error from a one-line regeneration or refinement (the other lines stay). */
  lineError: GenerationError | null;
  /** A refinement asked for and not arrived yet: the line it refines and the index its result will take. */
  refining: (RefineOrigin & { at: number }) | null;
  /** Where each refined line (by its index in `lines`) came from. */
  refinedFrom: Record<number, RefineOrigin>;
}

/** A refined line's origin: the line it refines and how. */
export interface RefineOrigin {
  from: number;
  action: RefineAction;
  language?: LanguageId;
}

const IDLE: GenerationState = {
  phase: 'idle',
  id: null,
  request: null,
  lines: [],
  source: null,
  error: null,
  regenerating: [],
  lineError: null,
  refining: null,
  refinedFrom: {},
};

/** Records where the awaited refinement landed once its line is there. */
function landRefinement(state: GenerationState, lines: Array<string | null>): Pick<GenerationState, 'refining' | 'refinedFrom'> {
  const r = state.refining;
  if (!r || lines[r.at] == null) return { refining: r, refinedFrom: state.refinedFrom };
  const { at, ...origin } = r;
  return { refining: null, refinedFrom: { ...state.refinedFrom, [at]: origin } };
}

export function toGenerationError(err: unknown): GenerationError {
  if (err instanceof ApiError) {
    return {
      message: err.message,
      code: err.code,
      status: err.status,
      network: err.isNetworkError,
      upgrade: err.code === 'DAILY_LIMIT_REACHED' || err.code === 'PLAN_REQUIRED',
    };
  }
  return { message: i18n.t('generate:results.failed'), code: 'UNKNOWN', status: 0, network: false, upgrade: false };
}

/** The optional fields of a generate (or compare) body, sent only when set. */
export function briefOptions(request: GenerateRequest): Partial<GenerateRequest> {
  const body: Partial<GenerateRequest> = {};
  if (request.topic?.trim()) body.topic = request.topic.trim();
  if (request.prompt?.trim()) body.prompt = request.prompt.trim();
  if (request.maxChars) body.maxChars = request.maxChars;
  if (request.brandId) body.brandId = request.brandId;
  if (request.platform) body.platform = request.platform;
  if (request.hashtags) body.hashtags = request.hashtags;
  if (request.emoji) body.emoji = request.emoji;
  return body;
}

type LiveEvent =
  | { type: 'started'; id: string }
  | { type: 'line'; id: string; index: number; text: string }
  | { type: 'completed'; id: string; lines: string[]; source: GenerationSource; usage: UsageSummary | null }
  | { type: 'failed'; id: string; error: string };

function reduce(state: GenerationState, ev: LiveEvent): GenerationState {
  if (state.id !== ev.id) return state;
  switch (ev.type) {
    case 'started':
      return state.phase === 'pending' ? { ...state, phase: 'running' } : state;
    case 'line': {
      if (ev.index < 0 || ev.index >= GENERATION_LINES_MAX) return state;
      const lines = state.lines.slice();
      while (lines.length <= ev.index) lines.push(null);
      lines[ev.index] = ev.text;
      return {
        ...state,
        lines,
        phase: state.phase === 'completed' ? 'completed' : 'running',
        regenerating: state.regenerating.filter((i) => i !== ev.index),
        ...landRefinement(state, lines),
      };
    }
    case 'completed': {
      const lines = ev.lines.slice();
      return {
        ...state,
        phase: 'completed',
        lines,
        source: ev.source,
        error: null,
        regenerating: [],
        ...landRefinement(state, lines),
        refining: null,
      };
    }
    case 'failed':
      // A failed one-line regeneration or refinement keeps the lines already shown.
      if ((state.regenerating.length > 0 || state.refining) && state.lines.some((l) => l !== null)) {
        return {
          ...state,
          phase: 'completed',
          regenerating: [],
          refining: null,
          lineError: { ...toGenerationError(null), message: ev.error },
        };
      }
      return { ...state, phase: 'failed', regenerating: [], refining: null, error: { ...toGenerationError(null), message: ev.error } };
  }
}

/** The lines feature's query keys for a generation as it streams in. */
export const generationKeys = {
  all: () => ['generation'] as const,
  live: (id: string) => ['generation', id, 'live'] as const,
};

/** How long events of a generation no view follows yet are kept (the POST's answer comes long before). */
const EARLY_KEEP_MS = 5 * 60_000;

/**
 * A generation as the query cache holds it, by id: its state, plus whether a view follows it
 * (then only that view applies its events) and the usage its `generation:completed` carried.
 */
type CachedGeneration = GenerationState & { followed?: boolean; usage?: UsageSummary | null };

/** Events of a generation no view follows yet (the POST has not answered) start from this. */
const unfollowed = (id: string): CachedGeneration => ({ ...IDLE, id, phase: 'pending' });

/** A request's state once the server accepted it as `id`, with what already streamed in before the answer. */
function followed(
  local: GenerationState,
  id: string,
  status: GenerationDto['status'],
  early: CachedGeneration | undefined,
): CachedGeneration {
  const base: CachedGeneration = { ...local, id, phase: status === 'running' ? 'running' : 'pending', followed: true };
  if (!early) return base;
  if (early.phase === 'completed')
    return { ...base, phase: 'completed', lines: early.lines.slice(), source: early.source, usage: early.usage };
  if (early.phase === 'failed') return { ...base, phase: 'failed', error: early.error };
  const lines = base.lines.slice();
  early.lines.forEach((text, index) => {
    if (text == null) return;
    while (lines.length <= index) lines.push(null);
    lines[index] = text;
  });
  return { ...base, lines, phase: early.phase === 'running' ? 'running' : base.phase };
}

/**
 * A generation's life on /generate: POST /api/lines/generate (202), then its lines arrive over
 * Socket.IO into the query cache (`generationKeys.live(id)`): events that beat the POST's answer
 * are kept there by id until the answer names it; after a reconnect a pending generation is
 * re-read with GET /api/lines/generations/:id so nothing is missed. Before the server accepts a
 * request (submitting, or refused) the view holds it itself.
 */
export function useGeneration(onUsage: (usage: UsageSummary | null | undefined) => void) {
  useLiveConnection();
  const client = useQueryClient();
  // Events that beat the POST's answer have no view on them yet: they stay in the cache meanwhile.
  useState(() => client.setQueryDefaults(generationKeys.all(), { gcTime: EARLY_KEEP_MS }));
  const [local, setLocal] = useState<GenerationState>(IDLE);
  const localRef = useRef(local);
  localRef.current = local;
  const onUsageRef = useRef(onUsage);
  onUsageRef.current = onUsage;
  // Written only by the socket, the re-read and this view's actions: the query itself never fetches.
  const { data: cached } = useQuery<CachedGeneration>({
    queryKey: generationKeys.live(local.id ?? 'none'),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  const state: GenerationState = local.id ? (cached ?? local) : local;

  const read = useCallback((id: string) => client.getQueryData<CachedGeneration>(generationKeys.live(id)), [client]);
  /** The state this view shows now (read synchronously, for actions and the re-read). */
  const current = useCallback((): GenerationState => {
    const l = localRef.current;
    return (l.id && read(l.id)) || l;
  }, [read]);
  const update = useCallback(
    (id: string, change: (s: CachedGeneration) => CachedGeneration) =>
      client.setQueryData<CachedGeneration>(generationKeys.live(id), (old) => change(old ?? unfollowed(id))),
    [client],
  );

  const dispatch = useCallback(
    (ev: LiveEvent) => {
      const mine = localRef.current.id === ev.id;
      // A generation another view follows is that view's to update (each event is applied once).
      if (!mine && read(ev.id)?.followed) return;
      update(ev.id, (s) => ({ ...reduce(s, ev), ...(ev.type === 'completed' ? { usage: ev.usage } : {}) }));
      if (mine && ev.type === 'completed') onUsageRef.current(ev.usage);
    },
    [read, update],
  );

  // The attempt's first line may come inside generation:started (one message instead of two).
  useLiveEvent('generation:started', (p) => {
    dispatch({ type: 'started', id: p.id });
    p.lines?.forEach((l) => dispatch({ type: 'line', id: p.id, ...l }));
  });
  useLiveEvent('generation:line', (p) => dispatch({ type: 'line', ...p }));
  useLiveEvent('generation:lines', (p) => p.lines.forEach((l) => dispatch({ type: 'line', id: p.id, ...l })));
  // `newLines` (the last lines, sent with the completion) are in `lines` too: the completion sets them all.
  useLiveEvent('generation:completed', ({ newLines: _sentWithIt, ...p }) => dispatch({ type: 'completed', ...p }));
  useLiveEvent('generation:failed', (p) => dispatch({ type: 'failed', ...p }));

  const resync = useCallback(async () => {
    const s = current();
    if (!s.id || !(s.phase === 'pending' || s.phase === 'running' || s.regenerating.length > 0 || s.refining)) return;
    try {
      const { generation } = await api(`/lines/generations/${s.id}`);
      if (localRef.current.id !== generation.id) return;
      // Where each refined line came from, as the server recorded it.
      const refinedFrom = Object.fromEntries(
        (generation.refinements ?? []).map((r) => [
          r.index,
          { from: r.from, action: r.action, ...(r.action === 'translate' ? { language: r.language } : {}) },
        ]),
      );
      update(generation.id, (cur) => ({ ...cur, refinedFrom: { ...cur.refinedFrom, ...refinedFrom } }));
      if (generation.status === 'completed' && generation.source) {
        dispatch({ type: 'completed', id: generation.id, lines: generation.lines, source: generation.source, usage: null });
      } else if (generation.status === 'failed') {
        dispatch({ type: 'failed', id: generation.id, error: generation.error ?? i18n.t('generate:results.failed') });
      } else {
        generation.lines.forEach((text, index) => dispatch({ type: 'line', id: generation.id, index, text }));
      }
    } catch (err) {
      console.error('Could not re-read the generation after reconnecting', err);
    }
  }, [current, dispatch, update]);
  useLiveReconnect(() => void resync());

  /** Starts following a generation the server accepted (also one started by a tone comparison). */
  const follow = useCallback(
    (id: string, status: GenerationDto['status']) => {
      const early = read(id);
      const next = followed(localRef.current, id, status, early);
      client.setQueryData<CachedGeneration>(generationKeys.live(id), next);
      localRef.current = { ...localRef.current, id };
      setLocal((l) => ({ ...l, id }));
      if (early?.phase === 'completed') onUsageRef.current(early.usage);
      if (status === 'completed' || status === 'failed') void resync();
    },
    [client, read, resync],
  );

  const generate = useCallback(
    async (request: GenerateRequest) => {
      setLocal({ ...IDLE, phase: 'submitting', request, lines: Array.from({ length: request.count }, () => null) });
      localRef.current = { ...IDLE, phase: 'submitting', request, lines: Array.from({ length: request.count }, () => null) };
      try {
        // Be connected before asking, so the first line is not missed.
        await live.ready(3_000);
        const body: Record<string, unknown> = {
          category: request.category,
          tone: request.tone,
          count: request.count,
          language: request.language,
        };
        Object.assign(body, briefOptions(request));
        const data = await api('/lines/generate', {
          method: 'POST',
          body,
        });
        onUsageRef.current(data.usage);
        follow(data.generation.id, data.generation.status);
      } catch (err) {
        setLocal((s) => ({ ...s, phase: 'failed', error: toGenerationError(err) }));
      }
    },
    [follow],
  );

  /** Shows a request as submitted (before the answer), for a comparison started elsewhere. */
  const begin = useCallback((request: GenerateRequest) => {
    const next: GenerationState = { ...IDLE, phase: 'submitting', request, lines: Array.from({ length: request.count }, () => null) };
    localRef.current = next;
    setLocal(next);
  }, []);
  const adopt = useCallback((id: string) => follow(id, 'pending'), [follow]);
  const fail = useCallback(
    (err: unknown) => {
      const id = localRef.current.id;
      if (id) update(id, (s) => ({ ...s, phase: 'failed', error: toGenerationError(err) }));
      else setLocal((s) => ({ ...s, phase: 'failed', error: toGenerationError(err) }));
    },
    [update],
  );
  const reset = useCallback(() => {
    localRef.current = IDLE;
    setLocal(IDLE);
  }, []);

  const regenerateLine = useCallback(
    async (index: number) => {
      const s = current();
      if (!s.id || s.regenerating.includes(index)) return;
      const id = s.id;
      update(id, (cur) => ({ ...cur, regenerating: [...cur.regenerating, index], lineError: null }));
      try {
        await api(`/lines/generations/${id}/regenerate`, { method: 'POST', body: { index } });
      } catch (err) {
        update(id, (cur) => ({ ...cur, regenerating: cur.regenerating.filter((i) => i !== index), lineError: toGenerationError(err) }));
      }
    },
    [current, update],
  );

  /**
   * POST /lines/generations/:id/refine: the refined line is appended to the generation (the
   * original stays) and streams in as generation:line. One refinement or regeneration at a time.
   */
  const refineLine = useCallback(
    async (index: number, action: RefineAction, language?: LanguageId) => {
      const s = current();
      if (!s.id || s.refining || s.regenerating.length > 0) return;
      const id = s.id;
      const refining = { from: index, action, language, at: s.lines.length };
      update(id, (cur) => ({ ...cur, refining, lineError: null }));
      try {
        const body: RefineBody = { index, action, ...(language ? { language } : {}) };
        const data = await api(`/lines/generations/${id}/refine`, { method: 'POST', body });
        if (data.usage) onUsageRef.current(data.usage);
      } catch (err) {
        update(id, (cur) => ({ ...cur, refining: null, lineError: toGenerationError(err) }));
      }
    },
    [current, update],
  );

  const retry = useCallback(() => {
    const r = current().request;
    if (r) void generate(r);
  }, [current, generate]);

  return { state, generate, regenerateLine, refineLine, retry, begin, adopt, fail, reset };
}
