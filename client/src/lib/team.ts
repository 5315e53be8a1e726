import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryId } from '@gl/core/types';
import { api } from './api';
import { useLiveEvent, useLiveReconnect } from './socket';

export const TEAM_PAGE_SIZE = 50;

export const teamKey = (userId: string | undefined, ...rest: unknown[]): unknown[] => ['team', userId ?? 'none', ...rest];

/** GET /teams/current: null when the user is in no team. */
export function useCurrentTeam(userId: string | undefined) {
  return useQuery({
    queryKey: teamKey(userId, 'current'),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => api('/teams/current', { signal }),
  });
}

export function useTeamLines(userId: string | undefined, teamId: string | undefined, search: string, category: CategoryId | 'all') {
  return useInfiniteQuery({
    queryKey: teamKey(userId, 'lines', teamId, search, category),
    enabled: Boolean(userId && teamId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(`/teams/${teamId}/lines`, {
        query: {
          search: search || undefined,
          category: category === 'all' ? undefined : category,
          limit: TEAM_PAGE_SIZE,
          cursor: pageParam,
        },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

export function useTeamUsage(userId: string | undefined, teamId: string | undefined) {
  return useQuery({
    queryKey: teamKey(userId, 'usage', teamId),
    enabled: Boolean(userId && teamId),
    queryFn: ({ signal }) => api(`/teams/${teamId}/usage`, { signal }),
  });
}

/**
 * Keeps the team's views live: every team event refetches what it changed (the library on line
 * events, the team on membership changes), and a reconnect refetches everything.
 */
export function useTeamLiveUpdates(userId: string | undefined) {
  const qc = useQueryClient();
  const lines = () => void qc.invalidateQueries({ queryKey: teamKey(userId, 'lines') });
  const team = () => void qc.invalidateQueries({ queryKey: teamKey(userId) });
  useLiveEvent('team:line-saved', lines);
  useLiveEvent('team:line-deleted', lines);
  useLiveEvent('team:member-joined', team);
  useLiveEvent('team:member-left', team);
  useLiveEvent('team:updated', team);
  useLiveReconnect(team);
}
