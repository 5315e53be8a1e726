import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryId, CurrentTeamDto, TeamLineDto, TeamRole, Tone } from '@gl/core/types';
import { api } from '../../platform/api';
import { useLiveEvent, useLiveReconnect } from '../../platform/socket';

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

/** POST /teams: the new team becomes the current one. */
export function useCreateTeam(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<CurrentTeamDto> => api('/teams', { method: 'POST', body: { name } }),
    onSuccess: (created) => qc.setQueryData(teamKey(userId, 'current'), created),
  });
}

/** POST /teams/join {token}: the invitation's team becomes the current one. */
export function useJoinTeam(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string): Promise<CurrentTeamDto> => api('/teams/join', { method: 'POST', body: { token } }),
    onSuccess: (team) => qc.setQueryData(teamKey(userId, 'current'), team),
  });
}

/** One change to the team's membership (owner and admins; leaving for anyone). */
export type TeamChange =
  | { kind: 'invite'; email: string; role: 'member' | 'admin' }
  | { kind: 'resend'; invitationId: string }
  | { kind: 'revoke'; invitationId: string }
  | { kind: 'role'; userId: string; role: TeamRole }
  | { kind: 'remove'; userId: string }
  | { kind: 'leave' };

function changeTeam(teamId: string, change: TeamChange): Promise<unknown> {
  switch (change.kind) {
    case 'invite':
      return api(`/teams/${teamId}/invitations`, { method: 'POST', body: { email: change.email, role: change.role } });
    case 'resend':
      return api(`/teams/${teamId}/invitations/${change.invitationId}/resend`, { method: 'POST' });
    case 'revoke':
      return api(`/teams/${teamId}/invitations/${change.invitationId}`, { method: 'DELETE' });
    case 'role':
      return api(`/teams/${teamId}/members/${change.userId}`, { method: 'PUT', body: { role: change.role } });
    case 'remove':
      return api(`/teams/${teamId}/members/${change.userId}`, { method: 'DELETE' });
    case 'leave':
      return api(`/teams/${teamId}/leave`, { method: 'POST' });
  }
}

/** Membership changes; whatever the outcome, the team is refetched (another manager may have changed it too). */
export function useTeamChange(userId: string | undefined, teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: TeamChange) => changeTeam(teamId, change),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKey(userId) }),
  });
}

/** POST /teams/:id/lines: a generated line into the shared library (the library updates through team:line-saved). */
export function useSaveToTeam(teamId: string | undefined) {
  return useMutation({
    mutationFn: (line: { text: string; category: CategoryId; tone: Tone }): Promise<{ savedLine: TeamLineDto; alreadySaved: boolean }> =>
      api(`/teams/${teamId}/lines`, { method: 'POST', body: line }),
  });
}

export function useDeleteTeamLine(userId: string | undefined, teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> => api(`/teams/${teamId}/lines/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKey(userId, 'lines') }),
  });
}
