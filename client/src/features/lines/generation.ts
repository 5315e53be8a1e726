import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * A generation's life on /generate: POST /api/lines/generate (202), then its lines arrive over
 * Socket.IO. Events that beat the POST's answer are buffered; after a reconnect a pending
 * generation is re-read with GET /api/lines/generations/:id so nothing is missed.
 */
export function useGeneration(onUsage: (usage: UsageSummary | null | undefined) => void) {
  useLiveConnection();
  const [state, setState] = useState<GenerationState>(IDLE);
  const stateRef = useRef(state);
  stateRef.current = state;
  const early = useRef(new Map<string, LiveEvent[]>());
  const onUsageRef = useRef(onUsage);
  onUsageRef.current = onUsage;

  const dispatch = useCallback((ev: LiveEvent) => {
    if (stateRef.current.id !== ev.id) {
      // Possibly ours, before the POST answered: keep a few.
      const list = early.current.get(ev.id) ?? [];
      if (list.length < 40) list.push(ev);
      early.current.set(ev.id, list);
      if (early.current.size > 10) early.current.delete(early.current.keys().next().value as string);
      return;
    }
    setState((s) => reduce(s, ev));
    if (ev.type === 'completed') onUsageRef.current(ev.usage);
  }, []);

  useLiveEvent('generation:started', (p) => dispatch({ type: 'started', id: p.id }));
  useLiveEvent('generation:line', (p) => dispatch({ type: 'line', ...p }));
  useLiveEvent('generation:lines', (p) => p.lines.forEach((l) => dispatch({ type: 'line', id: p.id, ...l })));
  useLiveEvent('generation:completed', (p) => dispatch({ type: 'completed', ...p }));
  useLiveEvent('generation:failed', (p) => dispatch({ type: 'failed', ...p }));

  const resync = useCallback(async () => {
    const s = stateRef.current;
    if (!s.id || !(s.phase === 'pending' || s.phase === 'running' || s.regenerating.length > 0 || s.refining)) return;
    try {
      const { generation } = await api(`/lines/generations/${s.id}`);
      if (stateRef.current.id !== generation.id) return;
      // Where each refined line came from, as the server recorded it.
      const refinedFrom = Object.fromEntries(
        (generation.refinements ?? []).map((r) => [
          r.index,
          { from: r.from, action: r.action, ...(r.action === 'translate' ? { language: r.language } : {}) },
        ]),
      );
      setState((cur) => (cur.id === generation.id ? { ...cur, refinedFrom: { ...cur.refinedFrom, ...refinedFrom } } : cur));
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
  }, [dispatch]);
  useLiveReconnect(() => void resync());

  const generate = useCallback(
    async (request: GenerateRequest) => {
      setState({ ...IDLE, phase: 'submitting', request, lines: Array.from({ length: request.count }, () => null) });
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
        setState((s) => ({ ...s, phase: 'failed', error: toGenerationError(err) }));
      }
    },
    [dispatch, resync],
  );

  /** Starts following a generation the server accepted (also one started by a tone comparison). */
  const follow = (id: string, status: GenerationDto['status']) => {
    setState((s) => ({ ...s, id, phase: status === 'running' ? 'running' : 'pending' }));
    stateRef.current = { ...stateRef.current, id };
    const buffered = early.current.get(id) ?? [];
    early.current.delete(id);
    for (const ev of buffered) dispatch(ev);
    if (status === 'completed' || status === 'failed') void resync();
  };

  /** Shows a request as submitted (before the answer), for a comparison started elsewhere. */
  const begin = useCallback((request: GenerateRequest) => {
    setState({ ...IDLE, phase: 'submitting', request, lines: Array.from({ length: request.count }, () => null) });
  }, []);
  const adopt = useCallback((id: string) => follow(id, 'pending'), [dispatch, resync]);
  const fail = useCallback((err: unknown) => setState((s) => ({ ...s, phase: 'failed', error: toGenerationError(err) })), []);
  const reset = useCallback(() => setState(IDLE), []);

  const regenerateLine = useCallback(async (index: number) => {
    const s = stateRef.current;
    if (!s.id || s.regenerating.includes(index)) return;
    setState((cur) => ({ ...cur, regenerating: [...cur.regenerating, index], lineError: null }));
    try {
      await api(`/lines/generations/${s.id}/regenerate`, { method: 'POST', body: { index } });
    } catch (err) {
      setState((cur) => ({ ...cur, regenerating: cur.regenerating.filter((i) => i !== index), lineError: toGenerationError(err) }));
    }
  }, []);

  /**
   * POST /lines/generations/:id/refine: the refined line is appended to the generation (the
   * original stays) and streams in as generation:line. One refinement or regeneration at a time.
   */
  const refineLine = useCallback(async (index: number, action: RefineAction, language?: LanguageId) => {
    const s = stateRef.current;
    if (!s.id || s.refining || s.regenerating.length > 0) return;
    const refining = { from: index, action, language, at: s.lines.length };
    stateRef.current = { ...s, refining };
    setState((cur) => ({ ...cur, refining, lineError: null }));
    try {
      const body: RefineBody = { index, action, ...(language ? { language } : {}) };
      const data = await api(`/lines/generations/${s.id}/refine`, { method: 'POST', body });
      if (data.usage) onUsageRef.current(data.usage);
    } catch (err) {
      setState((cur) => ({ ...cur, refining: null, lineError: toGenerationError(err) }));
    }
  }, []);

  const retry = useCallback(() => {
    const r = stateRef.current.request;
    if (r) void generate(r);
  }, [generate]);

  useEffect(() => () => early.current.clear(), []);

  return { state, generate, regenerateLine, refineLine, retry, begin, adopt, fail, reset };
}
