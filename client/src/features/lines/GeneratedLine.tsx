import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CategoryId, LanguageId, RefineAction, Tone } from '@gl/core/types';
import { SaveToTeamButton } from '../teams';
import { BookmarkIcon, CheckIcon, ClockIcon, CopyIcon, RefreshIcon } from '../../ui/icons';
import RefineMenu from './RefineMenu';
import ShareWhatsApp from './ShareWhatsApp';

export type SaveState =
  | { status: 'saving' }
  | { status: 'saved'; already: boolean }
  | { status: 'error'; message: string }
  /** Kept on the device under this key until the connection returns. */
  | { status: 'pending'; key: string };

function saveText(t: TFunction<'generate'>, s: SaveState | undefined): string {
  if (s?.status === 'saving') return t('line.saving');
  if (s?.status === 'pending') return t('line.pending');
  if (s?.status === 'saved') return s.already ? t('line.alreadySaved') : t('line.saved');
  return t('line.save');
}

/**
 * One generated line with its actions: Copy, Share to WhatsApp, Save (and Save to team),
 * Regenerate and Refine. A refined line carries a tag saying what it is ("Shorter of line 2").
 */
export default function GeneratedLine({
  text,
  index,
  tag,
  counter,
  copied,
  onCopy,
  saveState,
  onSave,
  pendingId,
  team,
  onRegenerate,
  canRegenerate,
  onRefine,
  canRefine,
  refineActions,
  language,
}: {
  text: string;
  index: number;
  /** A refined line: what it is, e.g. "Shorter · from line 2". */
  tag?: string;
  /** The character counter (when a limit applies). */
  counter?: ReactNode;
  copied: boolean;
  onCopy(): void;
  saveState: SaveState | undefined;
  onSave(): void;
  pendingId: string;
  /** Category and tone for "Save to team" (signed in only). */
  team?: { category: CategoryId; tone: Tone };
  onRegenerate?(): void;
  canRegenerate: boolean;
  onRefine(action: RefineAction, language?: LanguageId): void;
  canRefine: boolean;
  refineActions: readonly RefineAction[];
  /** The line's language (a translated line's is the one it was translated to). */
  language: LanguageId;
}) {
  const { t } = useTranslation('generate');
  const n = index + 1;
  return (
    <li
      data-testid="generated-line"
      data-refined={tag ? 'true' : undefined}
      className={`group rounded-xl border bg-white p-4 transition-shadow hover:shadow-md dark:bg-slate-900 ${
        tag
          ? 'ml-3 border-violet-200 border-l-4 border-l-violet-400 sm:ml-6 dark:border-violet-500/30 dark:border-l-violet-400'
          : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      {tag && <p className="mb-1.5 text-xs font-semibold text-violet-700 dark:text-violet-300">{tag}</p>}
      <p data-testid="line-text" className="break-words text-[0.95rem] leading-relaxed text-slate-900 dark:text-slate-100">
        {text}
      </p>
      {counter}
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        <button type="button" className="btn-ghost tap px-2.5 py-1 text-xs" onClick={onCopy} aria-label={t('line.copyAria', { n })}>
          {copied ? <CheckIcon className="h-3.5 w-3.5" /> : <CopyIcon className="h-3.5 w-3.5" />}
          {copied ? t('line.copied') : t('line.copy')}
        </button>
        <ShareWhatsApp text={text} label={t('line.name', { n })} />
        <button
          type="button"
          className="btn-ghost tap px-2.5 py-1 text-xs"
          onClick={onSave}
          disabled={saveState?.status === 'saving' || saveState?.status === 'saved' || saveState?.status === 'pending'}
          aria-label={t('line.saveAria', { n })}
          aria-describedby={saveState?.status === 'pending' ? pendingId : undefined}
        >
          {saveState?.status === 'saved' ? (
            <CheckIcon className="h-3.5 w-3.5" />
          ) : saveState?.status === 'pending' ? (
            <ClockIcon className="h-3.5 w-3.5" />
          ) : (
            <BookmarkIcon className="h-3.5 w-3.5" />
          )}
          {saveText(t, saveState)}
        </button>
        {team && <SaveToTeamButton text={text} category={team.category} tone={team.tone} index={index} />}
        {onRegenerate && (
          <button
            type="button"
            className="btn-ghost tap px-2.5 py-1 text-xs"
            onClick={onRegenerate}
            disabled={!canRegenerate}
            aria-label={t('line.regenerateAria', { n })}
          >
            <RefreshIcon className="h-3.5 w-3.5" />
            {t('line.regenerate')}
          </button>
        )}
        <RefineMenu label={t('line.name', { n })} language={language} actions={refineActions} disabled={!canRefine} onRefine={onRefine} />
        {saveState?.status === 'error' && (
          <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
            {saveState.message}
          </span>
        )}
      </div>
      {saveState?.status === 'pending' && (
        <p
          id={pendingId}
          role="status"
          data-testid="pending-save"
          className="mt-2 flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-200"
        >
          <ClockIcon className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          {t('line.pendingSave')}
        </p>
      )}
    </li>
  );
}
