import { useTranslation } from 'react-i18next';
import type { SavedLineDto } from '@gl/core/types';
import { showShortMoment } from '../../platform/time-zone';
import { TONE_BADGE } from './saved';
import { CheckIcon, CopyIcon, TrashIcon } from '../../ui/icons';
import { SelectForApproval } from '../approvals/SelectionBar';

export default function SavedLineCard({
  line,
  copied,
  onCopy,
  onDelete,
  deleting,
  selected,
  onSelect,
}: {
  line: SavedLineDto;
  copied: boolean;
  onCopy(): void;
  onDelete(): void;
  deleting: boolean;
  /** Chosen for an approval link (the box shows when onSelect is given). */
  selected?: boolean;
  onSelect?(): void;
}) {
  const { t } = useTranslation(['saved', 'catalog', 'approvals']);
  return (
    <li
      data-testid="saved-line"
      className={`group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900/70 ${
        deleting ? 'opacity-50' : ''
      }`}
    >
      <div className="flex flex-wrap items-center gap-1.5 pr-10">
        <span className={`chip ${TONE_BADGE[line.tone]}`} data-testid="tone-badge">
          {t(`catalog:tone.${line.tone}`)}
        </span>
        <span className="chip border border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {t(`catalog:category.${line.category}.name`)}
        </span>
        {line.platform && (
          <span className="chip bg-emerald-50 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200" data-testid="platform-badge">
            <span className="sr-only">{t('card.for')}</span>
            {t(`catalog:platform.${line.platform}`)}
          </span>
        )}
      </div>
      <p className="mt-3 flex-1 text-[0.95rem] leading-relaxed text-slate-900 dark:text-slate-100">{line.text}</p>
      {line.approvedBy && (
        <p className="mt-2 text-xs font-medium text-emerald-800 dark:text-emerald-300" data-testid="approved-by">
          {t('approvals:approvedBy', { name: line.approvedBy.name, date: showShortMoment(line.approvedBy.at) })}
        </p>
      )}
      <div className="mt-4 flex items-center justify-between gap-2">
        <span className="flex items-center gap-2">
          {onSelect && <SelectForApproval text={line.text} checked={Boolean(selected)} onToggle={onSelect} />}
          <time dateTime={line.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
            {showShortMoment(line.createdAt)}
          </time>
        </span>
        <button type="button" className="btn-ghost tap px-2.5 py-1 text-xs" onClick={onCopy}>
          {copied ? <CheckIcon className="h-3.5 w-3.5" /> : <CopyIcon className="h-3.5 w-3.5" />}
          {copied ? t('card.copied') : t('card.copy')}
        </button>
      </div>
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={t('card.delete', { text: line.text.slice(0, 60) })}
        className="tap absolute right-3 top-3 grid h-8 w-8 place-items-center rounded-lg text-slate-500 opacity-0 transition-opacity hover:bg-rose-50 hover:text-rose-700 focus-visible:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100 dark:text-slate-400 dark:hover:bg-rose-500/10 dark:hover:text-rose-300"
      >
        <TrashIcon className="h-4 w-4" />
      </button>
    </li>
  );
}
