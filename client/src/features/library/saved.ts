import { useInfiniteQuery, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { CategoryId, SavedLinesPageDto, Tone } from '@gl/core/types';
import { ApiError, api, apiResponse } from '../../platform/api';
import { saveDownload } from '../../platform/download';
import { readOfflineLibrary, storeOfflineLibrary, type OfflineLibrary } from '../../platform/offline-library';

export const PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 300;
export const CLEAR_ALL_CONFIRMATION = 'Are you sure you want to delete all saved lines? This action cannot be undone.';

export function savedKey(userId: string | undefined, ...rest: unknown[]): unknown[] {
  return ['saved', userId ?? 'none', ...rest];
}

/** Reads the library again, every user's (the lines saved offline have been sent). */
export function useRefreshSaved(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: ['saved'] }), [client]);
}

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

const isNetworkError = (err: unknown) => err instanceof ApiError && err.isNetworkError;

/** Offline: the copy on the device, filtered the way the API would (text search, category). */
function offlinePage(offline: OfflineLibrary, search: string, category: CategoryId | 'all'): SavedLinesPageDto {
  const needle = search.trim().toLowerCase();
  const savedLines = offline.savedLines.filter(
    (l) => (category === 'all' || l.category === category) && (!needle || l.text.toLowerCase().includes(needle)),
  );
  return { savedLines, total: savedLines.length, nextCursor: null };
}

/** The lines matching the search and category, served by the API page by page (offline: from the device). */
export function useSavedLines(userId: string | undefined, search: string, category: CategoryId | 'all') {
  return useInfiniteQuery({
    queryKey: savedKey(userId, 'list', search, category),
    enabled: Boolean(userId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const unfiltered = !search && category === 'all';
      try {
        const page = await api('/lines/saved', {
          query: { search: search || undefined, category: category === 'all' ? undefined : category, limit: PAGE_SIZE, cursor: pageParam },
          signal,
        });
        // The newest page of the whole library is kept on the device for offline use.
        if (userId && unfiltered && !pageParam) void storeOfflineLibrary(userId, page.savedLines, page.total);
        return page;
      } catch (err) {
        const offline = userId && !pageParam && isNetworkError(err) ? await readOfflineLibrary(userId) : undefined;
        if (offline) return offlinePage(offline, search, category);
        throw err;
      }
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

/** The whole library's size and the categories present in it (for 'N of M lines' and the dropdown). */
export function useLibrarySummary(userId: string | undefined) {
  return useQuery({
    queryKey: savedKey(userId, 'summary'),
    enabled: Boolean(userId),
    queryFn: async ({ signal }) => {
      try {
        const summary = await api('/lines/saved/summary', { signal });
        return { total: summary.total, categories: new Set(summary.categories.map((c) => c.category)), complete: true };
      } catch (err) {
        const offline = userId && isNetworkError(err) ? await readOfflineLibrary(userId) : undefined;
        if (offline) return { total: offline.total, categories: new Set(offline.savedLines.map((l) => l.category)), complete: false };
        throw err;
      }
    },
  });
}

/**
 * Deleting saved lines, one (several may be on their way at once: `deleting` holds their ids) or all;
 * a failure is logged and the library read again either way, so the list shows what the server kept.
 */
export function useSavedDeletes(userId: string | undefined) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: savedKey(userId) });
  const mutationKey = savedKey(userId, 'delete');
  const one = useMutation({
    mutationKey,
    mutationFn: (id: string) => api(`/lines/saved/${id}`, { method: 'DELETE' }),
    onError: (err) => console.error('Failed to delete line', err),
    onSettled: refresh,
  });
  const all = useMutation({
    mutationFn: () => api('/lines/saved', { method: 'DELETE' }),
    onError: (err) => console.error('Failed to clear lines', err),
    onSettled: refresh,
  });
  const pending = useMutationState({ filters: { mutationKey, status: 'pending' }, select: (m) => m.state.variables as string });
  return { remove: one.mutate, deleting: new Set(pending), clearAll: all.mutate, clearing: all.isPending };
}

export type ExportFormat = 'csv' | 'json';

/** Downloads GET /lines/saved/export: the lines matching the search and category, as CSV or JSON. */
export function useSavedExport(search: string, category: string) {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const res = await apiResponse('/lines/saved/export', {
        query: { format, search: search || undefined, category: category === 'all' ? undefined : category },
        timeoutMs: 120_000,
      });
      await saveDownload(res, `genius-lines-saved.${format}`);
    },
  });
}

export const TONE_BADGE: Record<Tone, string> = {
  funny: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  corporate: 'bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200',
  bold: 'bg-rose-100 text-rose-900 dark:bg-rose-500/15 dark:text-rose-200',
  romantic: 'bg-pink-100 text-pink-900 dark:bg-pink-500/15 dark:text-pink-200',
  minimalist: 'bg-slate-200 text-slate-800 dark:bg-slate-500/20 dark:text-slate-200',
  inspirational: 'bg-violet-100 text-violet-900 dark:bg-violet-500/15 dark:text-violet-200',
  motivational: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200',
};
