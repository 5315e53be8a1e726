import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UsageSummary } from '@gl/core/types';
import { ApiError, api } from '../../platform/api';
import { useAuth } from '../accounts';

export function usageKey(userId: string | undefined): readonly unknown[] {
  return ['usage', userId ?? 'visitor'];
}

/**
 * GET /api/users/usage. Visitors are counted too (by visitor id / IP); if the server does not
 * answer usage for visitors, the meter waits for the first generation's usage instead.
 */
export function useUsage() {
  const { user, loading } = useAuth();
  return useQuery<UsageSummary | null>({
    queryKey: usageKey(user?.id),
    enabled: !loading,
    queryFn: async () => {
      try {
        return await api('/users/usage', { sessionHandling: Boolean(user) });
      } catch (err) {
        if (!user && err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
        throw err;
      }
    },
    staleTime: 0,
  });
}

/** Puts a fresh usage summary (from a generate answer or generation:completed) into the cache. */
export function useSetUsage(): (usage: UsageSummary | null | undefined) => void {
  const client = useQueryClient();
  const { user } = useAuth();
  return useCallback(
    (usage) => {
      if (usage) client.setQueryData(usageKey(user?.id), usage);
    },
    [client, user?.id],
  );
}

/** Reads every usage summary again (a plan changed: the limits did too). */
export function useRefreshUsage(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: ['usage'] }), [client]);
}

export const analyticsKey = (userId: string) => ['analytics', userId] as const;

/** GET /users/analytics (plans with analytics): generations over the last 30 days. */
export function useAnalytics(userId: string) {
  return useQuery({ queryKey: analyticsKey(userId), queryFn: () => api('/users/analytics') });
}
