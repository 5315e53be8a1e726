import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, type CategoryId, type SavedLineDto } from '@gl/core/types';
import PageLoader from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import AnalyticsPanel from './AnalyticsPanel';
import ExportButtons from './ExportButtons';
import SavedLineCard from './SavedLineCard';
import { SelectionBar, useLineSelection } from '../approvals';
import SignInWall from './SignInWall';
import { BookmarkIcon, SearchIcon } from '../../ui/icons';
import LibraryFilterBar from './LibraryFilterBar';
import LoadMoreButton from './LoadMoreButton';
import PendingSaves from './PendingSaves';
import { useAuth } from '../accounts';
import { useCopy } from '../../platform/clipboard';
import { useCurrentPlan } from '../billing';
import { useConfirm } from '../../ui/ConfirmDialog';
import { SEARCH_DEBOUNCE_MS, useDebounced, useLibrarySummary, useSavedDeletes, useSavedLines } from './saved';

export default function SavedPage() {
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <SavedLibrary userId={user.id} />;
}

function SavedLibrary({ userId }: { userId: string }) {
  const { t } = useTranslation(['saved', 'approvals']);
  const plan = useCurrentPlan();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryId | 'all'>('all');
  const debouncedSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useSavedLines(userId, debouncedSearch, category);
  const summary = useLibrarySummary(userId);
  const { copiedKey, copy } = useCopy();
  const { remove, deleting, clearAll: clearLibrary, clearing } = useSavedDeletes(userId);
  const { confirm, dialog } = useConfirm();
  const selection = useLineSelection();

  const lines: SavedLineDto[] = useMemo(() => list.data?.pages.flatMap((p) => p.savedLines) ?? [], [list.data]);
  const matching = list.data?.pages[0]?.total ?? 0;
  const total = summary.data?.total ?? 0;
  // Two queries answer this line: show it once both have (never a moment of "3 of 0 lines").
  const countText = !list.data
    ? ''
    : summary.data
      ? t('page.count', { count: matching, matching, total })
      : summary.isError
        ? t('page.countAlone', { count: matching })
        : '';
  const categoryOptions = useMemo(() => {
    const present = summary.data?.categories;
    return CATEGORIES.filter((c) => !summary.data || !summary.data.complete || present?.has(c.id) || c.id === category);
  }, [summary.data, category]);

  if (list.isError) console.error('Loading saved lines failed', list.error);
  if (summary.isError) console.error('Loading the library summary failed', summary.error);

  const clearAll = async () => {
    const yes = await confirm({
      title: t('page.confirmTitle'),
      message: t('page.confirmMessage'),
      confirmLabel: t('page.confirmDelete'),
      destructive: true,
    });
    if (yes) clearLibrary();
  };

  const clearFilters = () => {
    setSearch('');
    setCategory('all');
  };

  const firstLoad = (list.isPending || summary.isPending) && !list.data;
  const filtered = debouncedSearch !== '' || category !== 'all';

  return (
    <div className="page">
      <PageTitle
        title={t('page.title')}
        lead={t('page.lead')}
        aside={plan.limits.bulkExport && total > 0 && <ExportButtons search={debouncedSearch} category={category} />}
      />

      <div className="mt-8">
        <LibraryFilterBar
          search={search}
          onSearch={setSearch}
          searchLabel={t('page.searchLabel')}
          placeholder={t('page.searchPlaceholder')}
          category={category}
          onCategory={setCategory}
          categories={categoryOptions}
        >
          <div className="flex items-center justify-between gap-3 sm:justify-end">
            <p className="whitespace-nowrap text-sm text-slate-600 dark:text-slate-400" data-testid="saved-count" aria-live="polite">
              {countText}
            </p>
            {total >= 1 && (
              <button type="button" className="btn-danger px-3 py-2 text-sm" onClick={() => void clearAll()} disabled={clearing}>
                {clearing ? t('page.clearing') : t('page.clearAll')}
              </button>
            )}
          </div>
        </LibraryFilterBar>
      </div>

      <PendingSaves />

      {firstLoad ? (
        <PageLoader label={t('page.loading')} />
      ) : total === 0 && !list.isFetching && lines.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
          <span className="grid h-14 w-14 place-items-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
            <BookmarkIcon className="h-7 w-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t('page.emptyTitle')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('page.emptyBody')}</p>
          <Link to="/generate" className="btn-primary mt-6 px-5 py-2.5 text-sm">
            {t('page.generate')}
          </Link>
        </div>
      ) : lines.length === 0 && filtered && !list.isFetching ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
          <span className="grid h-14 w-14 place-items-center rounded-2xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <SearchIcon className="h-7 w-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t('page.noMatch')}</h2>
          <button type="button" className="btn-secondary mt-6 px-5 py-2.5 text-sm" onClick={clearFilters}>
            {t('page.clearFilters')}
          </button>
        </div>
      ) : (
        <>
          <ul
            className={`mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${list.isFetching && !list.isFetchingNextPage ? 'opacity-70' : ''}`}
          >
            {lines.map((line) => (
              <SavedLineCard
                key={line.id}
                line={line}
                copied={copiedKey === line.id}
                onCopy={() => void copy(line.id, line.text)}
                onDelete={() => remove(line.id)}
                deleting={deleting.has(line.id)}
                selected={selection.has(line.id)}
                onSelect={() => selection.toggle(line.id)}
              />
            ))}
          </ul>
          <SelectionBar ids={selection.ids} onClear={selection.clear} defaultTitle={t('approvals:select.defaultTitle')} />
          <LoadMoreButton list={list} />
        </>
      )}

      {plan.limits.analytics && <AnalyticsPanel userId={userId} />}
      {dialog}
    </div>
  );
}
