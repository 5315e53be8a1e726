import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CATEGORIES, getCategory, type CategoryId, type CurrentTeamDto, type TeamLineDto } from '@gl/core/types';
import { api, errorMessage } from '../../lib/api';
import { useCopy } from '../../lib/clipboard';
import { capitalize, formatSavedDate } from '../../lib/format';
import { SEARCH_DEBOUNCE_MS, TONE_BADGE, useDebounced } from '../../lib/saved';
import { teamKey, useTeamLines } from '../../lib/team';
import PageLoader from '../PageLoader';
import LibraryFilterBar from '../saved/LibraryFilterBar';
import LoadMoreButton from '../saved/LoadMoreButton';
import { CheckIcon, CopyIcon, TrashIcon } from '../icons';

/** The team's shared library: search, category filter, pages; new lines arrive live (see useTeamLiveUpdates). */
export default function TeamLibrary({ userId, current }: { userId: string; current: CurrentTeamDto }) {
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryId | 'all'>('all');
  const [error, setError] = useState<string | null>(null);
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useTeamLines(userId, current.team.id, debounced, category);
  const { copiedKey, copy } = useCopy();
  const lines: TeamLineDto[] = useMemo(() => list.data?.pages.flatMap((p) => p.savedLines) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const manager = current.role === 'owner' || current.role === 'admin';

  const remove = async (id: string) => {
    setError(null);
    try {
      await api(`/teams/${current.team.id}/lines/${id}`, { method: 'DELETE' });
    } catch (err) {
      setError(errorMessage(err, 'Failed to delete the line'));
    } finally {
      await qc.invalidateQueries({ queryKey: teamKey(userId, 'lines') });
    }
  };

  return (
    <section aria-label="Shared library">
      <LibraryFilterBar
        search={search}
        onSearch={setSearch}
        searchLabel="Search the team's lines"
        placeholder="Search the team's lines..."
        category={category}
        onCategory={setCategory}
        categories={CATEGORIES}
      >
        <p className="whitespace-nowrap text-sm text-slate-600 dark:text-slate-400" data-testid="team-line-count" aria-live="polite">
          {list.data ? `${total} ${total === 1 ? 'line' : 'lines'}` : ''}
        </p>
      </LibraryFilterBar>
      {error && (
        <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
      {list.isPending ? (
        <PageLoader label="Loading the team's lines..." />
      ) : list.isError ? (
        <p role="alert" className="mt-6 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(list.error, 'Could not load the shared library.')}
        </p>
      ) : lines.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
          <p className="font-medium text-slate-900 dark:text-white">
            {debounced || category !== 'all' ? 'No lines match.' : 'No team lines yet.'}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Use &quot;Save to team&quot; on a generated line: it appears here for everyone at once.
          </p>
          <Link to="/generate" className="btn-primary mt-5 px-4 py-2 text-sm">
            Generate Lines
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
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
                <span>
                  Saved by {line.savedBy?.name ?? 'a former member'} · {formatSavedDate(line.createdAt)}
                </span>
                <span className="flex gap-1">
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1 text-xs"
                    onClick={() => void copy(line.id, line.text)}
                    aria-label="Copy line"
                  >
                    {copiedKey === line.id ? <CheckIcon className="h-3.5 w-3.5" /> : <CopyIcon className="h-3.5 w-3.5" />}
                    {copiedKey === line.id ? 'Copied!' : 'Copy'}
                  </button>
                  {current.team.active && (manager || line.savedBy?.userId === userId) && (
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      onClick={() => void remove(line.id)}
                      aria-label="Delete line"
                    >
                      <TrashIcon className="h-3.5 w-3.5" />
                      Delete
                    </button>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} />
    </section>
  );
}
