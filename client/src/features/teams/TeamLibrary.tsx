import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CATEGORIES, getCategory, teamRoleMeets, type CategoryId, type CurrentTeamDto, type TeamLineDto } from '@gl/core/types';
import { intlLocale } from '../../platform/i18n/i18n';
import { errorMessage } from '../../platform/api';
import { useCopy } from '../../platform/clipboard';
import { capitalize } from '../../platform/format';
import { showShortMoment } from '../../platform/time-zone';
import { SEARCH_DEBOUNCE_MS, TONE_BADGE, useDebounced } from '../library/saved';
import { useDeleteTeamLine, useTeamLines } from './team';
import PageLoader from '../../ui/PageLoader';
import LibraryFilterBar from '../library/LibraryFilterBar';
import LoadMoreButton from '../library/LoadMoreButton';
import { CheckIcon, CopyIcon, TrashIcon } from '../../ui/icons';
import SelectionBar, { SelectForApproval, useLineSelection } from '../approvals/SelectionBar';

/** The team's shared library: search, category filter, pages; new lines arrive live (see useTeamLiveUpdates). */
export default function TeamLibrary({ userId, current }: { userId: string; current: CurrentTeamDto }) {
  const { t } = useTranslation(['team', 'approvals']);
  const selection = useLineSelection();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryId | 'all'>('all');
  const remove = useDeleteTeamLine(userId, current.team.id);
  const error = remove.isError ? errorMessage(remove.error, t('library.deleteFailed')) : null;
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useTeamLines(userId, current.team.id, debounced, category);
  const { copiedKey, copy } = useCopy();
  const lines: TeamLineDto[] = useMemo(() => list.data?.pages.flatMap((p) => p.savedLines) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const manager = teamRoleMeets(current.role, 'manage');

  return (
    <section aria-label={t('tabs.library')}>
      <LibraryFilterBar
        search={search}
        onSearch={setSearch}
        searchLabel={t('library.search')}
        placeholder={t('library.searchPlaceholder')}
        category={category}
        onCategory={setCategory}
        categories={CATEGORIES}
      >
        <p className="whitespace-nowrap text-sm text-slate-600 dark:text-slate-400" data-testid="team-line-count" aria-live="polite">
          {list.data ? t('library.count', { count: total, formatted: total.toLocaleString(intlLocale()) }) : ''}
        </p>
      </LibraryFilterBar>
      {error && (
        <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
      {list.isPending ? (
        <PageLoader label={t('library.loading')} />
      ) : list.isError ? (
        <p role="alert" className="mt-6 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(list.error, t('library.loadFailed'))}
        </p>
      ) : lines.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
          <p className="font-medium text-slate-900 dark:text-white">
            {debounced || category !== 'all' ? t('library.noMatch') : t('library.empty')}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('library.emptyHint')}</p>
          <Link to="/generate" className="btn-primary mt-5 px-4 py-2 text-sm">
            {t('library.generate')}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="team-lines">
          {lines.map((line) => (
            <li
              key={line.id}
              data-testid="team-line"
              className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900/70"
            >
              <div className="flex flex-wrap gap-1.5">
                <span className={`chip ${TONE_BADGE[line.tone]}`}>{capitalize(line.tone)}</span>
                <span className="chip border border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300">
                  {getCategory(line.category).name}
                </span>
              </div>
              <p className="mt-3 flex-1 break-words text-slate-900 dark:text-slate-100">{line.text}</p>
              {line.approvedBy && (
                <p className="mt-2 text-xs font-medium text-emerald-800 dark:text-emerald-300" data-testid="approved-by">
                  {t('approvals:approvedBy', { name: line.approvedBy.name, date: showShortMoment(line.approvedBy.at) })}
                </p>
              )}
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
                <span>
                  {t('library.savedBy', {
                    name: line.savedBy?.name ?? t('library.formerMember'),
                    date: showShortMoment(line.createdAt),
                  })}
                </span>
                <span className="flex flex-wrap items-center gap-1">
                  <SelectForApproval text={line.text} checked={selection.has(line.id)} onToggle={() => selection.toggle(line.id)} />
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1 text-xs"
                    onClick={() => void copy(line.id, line.text)}
                    aria-label={t('library.copyLine')}
                  >
                    {copiedKey === line.id ? <CheckIcon className="h-3.5 w-3.5" /> : <CopyIcon className="h-3.5 w-3.5" />}
                    {copiedKey === line.id ? t('library.copied') : t('library.copy')}
                  </button>
                  {current.team.active && (manager || line.savedBy?.userId === userId) && (
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      onClick={() => remove.mutate(line.id)}
                      aria-label={t('library.deleteLine')}
                    >
                      <TrashIcon className="h-3.5 w-3.5" />
                      {t('library.delete')}
                    </button>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SelectionBar ids={selection.ids} onClear={selection.clear} defaultTitle={t('approvals:select.defaultTitle')} />
      <LoadMoreButton list={list} />
    </section>
  );
}
