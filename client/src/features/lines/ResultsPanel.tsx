import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getCategory } from '@gl/core/types';
import { ApiError, errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useAuth } from '../accounts/auth';
import { useCopy } from '../../platform/clipboard';
import type { GenerationState } from './generation';
import { newIdempotencyKey, queueSave, sendSave, usePendingSaves } from '../library/pending-saves';
import { REFINEMENTS_MAX, getPlatform, type LanguageId, type RefineAction } from '@gl/core/types';
import { AlertIcon, RefreshIcon, SparklesIcon } from '../../ui/icons';
import GeneratedLine, { type SaveState } from './GeneratedLine';
import { offeredActions, refinedLabel } from './RefineMenu';
import { defaultSwitches } from './use-platform-choice';
import { displayOrder } from './display-order';
import LineCounter from './LineCounter';
import ShareForApproval from '../approvals/ShareForApproval';
import { graphemes } from '../../platform/format';
import { useLineMeasure } from './line-measure';

export default function ResultsPanel({
  state,
  onRetry,
  onRegenerate,
  onRefine,
  title,
  testId,
}: {
  state: GenerationState;
  onRetry(): void;
  /** Rewrites one line; without it there is no Regenerate button (lines from a photo: the photo is not kept). */
  onRegenerate?(index: number): void;
  onRefine(index: number, action: RefineAction, language?: LanguageId): void;
  /** The panel's heading (a tone comparison names the tone). */
  title?: string;
  testId?: string;
}) {
  const { t } = useTranslation(['generate', 'catalog']);
  const headingId = useId();
  const { isAuthenticated, user } = useAuth();
  const online = useOnline();
  const pending = usePendingSaves();
  const { copiedKey, copy } = useCopy();
  const [saves, setSaves] = useState<Record<string, SaveState>>({});
  const [visitorPrompt, setVisitorPrompt] = useState(false);

  useEffect(() => {
    setSaves({});
    setVisitorPrompt(false);
  }, [state.id]);

  const request = state.request;
  const busy = state.phase === 'submitting' || state.phase === 'pending' || state.phase === 'running';
  const arrived = state.lines.filter((l) => l !== null).length;
  /** A regeneration or refinement is under way: one at a time per generation. */
  const lineBusy = state.regenerating.length > 0 || state.refining !== null;
  const refinedCount = request ? Math.max(0, state.lines.length - request.count) : 0;
  const refineFull = refinedCount >= REFINEMENTS_MAX;
  // Whether the generation's lines may carry emoji at all (the server refuses "Add emoji" otherwise).
  const platform = request?.platform ? getPlatform(request.platform) : null;
  const emojiAllowed =
    request !== null &&
    (request.emoji ?? defaultSwitches(request.category, request.platform ?? null).emoji) !== 'none' &&
    platform?.counting !== 'gsm7';
  /** A line's length and limit for "Longer": the counter's, else characters against the category's bound. */
  const sizeOf = (text: string) => {
    const fit = fitOf(text);
    if (fit) return { length: fit.count, limit: fit.limit };
    return { length: graphemes(text), limit: request ? getCategory(request.category).maxChars : Infinity };
  };
  /** A line's language: a translation's own, else that of the line it came from, else the generation's. */
  const languageOf = (index: number, depth = 0): LanguageId => {
    const origin = state.refinedFrom[index];
    if (!origin || depth > REFINEMENTS_MAX) return request?.language ?? 'en';
    return origin.action === 'translate' && origin.language ? origin.language : languageOf(origin.from, depth + 1);
  };
  const measure = useLineMeasure(request);
  const fitOf = (text: string) => measure?.(text) ?? null;
  const overLimit = state.lines.filter((l) => l !== null && fitOf(l)?.over).length;

  const save = async (text: string) => {
    if (!request) return;
    if (!isAuthenticated) {
      setVisitorPrompt(true);
      return;
    }
    const entry = {
      key: newIdempotencyKey(),
      text,
      category: request.category,
      tone: request.tone,
      generationId: state.id ?? undefined,
      platform: request.platform,
    };
    const keep = async () => {
      setSaves((s) => ({ ...s, [text]: { status: 'pending', key: entry.key } }));
      if (user) await queueSave({ ...entry, userId: user.id });
    };
    // Offline: kept on the device and sent (once) when the connection returns.
    if (!online) return keep();
    setSaves((s) => ({ ...s, [text]: { status: 'saving' } }));
    try {
      const data = await sendSave(entry);
      setSaves((s) => ({ ...s, [text]: { status: 'saved', already: Boolean(data.alreadySaved) } }));
    } catch (err) {
      // The connection dropped on the way: the same key goes again later, so it is never saved twice.
      if (err instanceof ApiError && err.isNetworkError) return keep();
      setSaves((s) => ({ ...s, [text]: { status: 'error', message: errorMessage(err, t('results.saveFailed')) } }));
    }
  };

  /** A pending save shows what became of it once sent in the background. */
  const saveStateOf = (line: string): SaveState | undefined => {
    const s = saves[line];
    if (s?.status !== 'pending') return s;
    const outcome = pending.outcomes[s.key];
    if (outcome?.status === 'saved') return { status: 'saved', already: outcome.already };
    if (outcome?.status === 'error') return { status: 'error', message: outcome.message };
    // Dropped (sign-out) without an outcome: back to a plain Save.
    return pending.entries.some((e) => e.key === s.key) || !isAuthenticated ? s : undefined;
  };

  return (
    <section aria-labelledby={headingId} data-testid={testId} className="card flex h-full min-h-[28rem] flex-col p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title ?? t('results.title')}
        </h2>
        {request && state.phase !== 'idle' && (
          <div className="flex flex-wrap gap-1.5">
            <span className="chip bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {t(`catalog:category.${request.category}.name`)}
            </span>
            <span className="chip bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {t(`catalog:tone.${request.tone}`)}
            </span>
          </div>
        )}
      </div>

      <div aria-live="polite" className="sr-only">
        {busy ? t('results.progress', { arrived, total: state.lines.length }) : state.phase === 'completed' ? t('results.complete') : ''}
        {overLimit > 0 && ` ${t('results.overLimit', { count: overLimit })}`}
      </div>

      {state.phase === 'completed' && state.source && (
        <p
          data-testid="source-notice"
          className={`mt-4 flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
            state.source === 'openai' || state.source === 'huggingface'
              ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300'
              : 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200'
          }`}
        >
          <SparklesIcon className="h-4 w-4 shrink-0" />
          {t(`results.source.${state.source}`)}
        </p>
      )}

      {state.phase === 'completed' && state.id && isAuthenticated && request && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <ShareForApproval
            source={{ generationId: state.id }}
            defaultTitle={request.topic || t(`catalog:category.${request.category}.name`)}
          />
        </div>
      )}

      {!isAuthenticated && arrived > 0 && (
        <p className="mt-4 rounded-lg border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900 dark:border-violet-500/30 dark:bg-violet-500/10 dark:text-violet-100">
          {visitorPrompt ? t('results.mustSignIn') : t('results.likeALine')}{' '}
          <Link to="/auth" className="font-semibold underline underline-offset-2">
            {t('results.signIn')}
          </Link>{' '}
          {t('results.toSave')}
        </p>
      )}

      {state.phase === 'idle' && (
        <div className="flex flex-1 flex-col items-center justify-center py-12 text-center">
          <span className="grid h-14 w-14 place-items-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
            <SparklesIcon className="h-7 w-7" />
          </span>
          <p className="mt-4 font-medium text-slate-900 dark:text-white">{t('results.idleTitle')}</p>
          <p className="mt-1 max-w-xs text-sm text-slate-600 dark:text-slate-400">{t('results.idleBody')}</p>
        </div>
      )}

      {state.phase === 'failed' && state.error && (
        <div
          role="alert"
          className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-100"
        >
          <p className="flex items-start gap-2 font-medium">
            <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
            {state.error.message}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {state.error.upgrade && (
              <Link to="/pricing" className="btn-primary tap px-3 py-1.5 text-sm">
                {t('results.upgradePlan')}
              </Link>
            )}
            {!state.error.upgrade && (
              <button type="button" className="btn-secondary tap px-3 py-1.5 text-sm" onClick={onRetry}>
                <RefreshIcon className="h-4 w-4" />
                {t('results.retry')}
              </button>
            )}
          </div>
        </div>
      )}

      {state.lineError && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:bg-rose-500/10 dark:text-rose-100">
          {state.lineError.message}{' '}
          {state.lineError.upgrade && (
            <Link to="/pricing" className="font-semibold underline underline-offset-2">
              {t('results.upgradePlan')}
            </Link>
          )}
        </p>
      )}

      {state.phase !== 'idle' && !(state.phase === 'failed' && arrived === 0) && (
        <ol className="mt-4 grid gap-3" data-testid="generated-lines">
          {displayOrder(state).map((slot) => {
            if (slot.kind === 'refining') {
              return (
                <li
                  key={`refining-${slot.from}`}
                  className="ml-3 rounded-xl border border-dashed border-violet-300 p-4 sm:ml-6 dark:border-violet-500/40"
                  aria-label={t('results.refining', { n: slot.from + 1, what: refinedLabel(t, slot).toLowerCase() })}
                  data-testid="refining-line"
                >
                  <div className="h-3 w-3/5 animate-pulse rounded bg-violet-100 dark:bg-violet-500/20" />
                  <div className="mt-2 h-3 w-2/5 animate-pulse rounded bg-violet-100 dark:bg-violet-500/20" />
                </li>
              );
            }
            const { index } = slot;
            const line = state.lines[index] ?? null;
            const regenerating = state.regenerating.includes(index);
            if (line === null || regenerating) {
              return (
                <li
                  key={index}
                  className="rounded-xl border border-dashed border-slate-200 p-4 dark:border-slate-700"
                  aria-label={regenerating ? t('results.regenerating', { n: index + 1 }) : t('results.waiting', { n: index + 1 })}
                >
                  <div className="h-3 w-4/5 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                  <div className="mt-2 h-3 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                </li>
              );
            }
            const key = `${index}:${line}`;
            const origin = slot.origin;
            const fit = fitOf(line);
            const original = !slot.refined;
            return (
              <GeneratedLine
                key={index}
                text={line}
                index={index}
                tag={
                  slot.refined
                    ? origin
                      ? t('results.from', { what: refinedLabel(t, origin), n: origin.from + 1 })
                      : t('results.refined')
                    : undefined
                }
                counter={fit && <LineCounter fit={fit} />}
                copied={copiedKey === key}
                onCopy={() => void copy(key, line)}
                saveState={saveStateOf(line)}
                onSave={() => void save(line)}
                pendingId={`${headingId}-pending-${index}`}
                team={isAuthenticated && request ? { category: request.category, tone: request.tone } : undefined}
                onRegenerate={original && onRegenerate ? () => onRegenerate(index) : undefined}
                canRegenerate={!busy && !lineBusy && Boolean(state.id) && online}
                onRefine={(action, language) => onRefine(index, action, language)}
                canRefine={!busy && !lineBusy && !refineFull && Boolean(state.id) && online}
                refineActions={offeredActions(line, { emojiAllowed, ...sizeOf(line) })}
                language={languageOf(index)}
              />
            );
          })}
        </ol>
      )}
      {refineFull && (
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="refine-full">
          {t('results.full', { max: REFINEMENTS_MAX })}
        </p>
      )}
    </section>
  );
}
