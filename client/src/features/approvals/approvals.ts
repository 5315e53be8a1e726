/**
 * The team side of approval links: the links a member created (and their team's), kept live by
 * `approval:decided` and `approval:updated`, and the actions on them (create, revoke, extend,
 * unlock, a new version of a line, export, copy, save to the library).
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddApprovalLinesBody,
  ApprovalExportFormat,
  ApprovalRefineAcceptedDto,
  CreateApprovalBody,
  RefineApprovalLineBody,
  RenewApprovalTokenBody,
  SaveApprovedBody,
} from '@gl/core/types';
import { api, apiResponse } from '../../platform/api';
import { saveDownload } from '../../platform/download';
import { useRefreshSaved } from '../library';
import { teamKey } from '../teams';
import { useLiveConnection, useLiveEvent, useLiveReconnect } from '../../platform/socket';

export const approvalsKey = (userId: string | undefined, ...rest: unknown[]): unknown[] => ['approvals', userId ?? 'none', ...rest];

/** Reads the links again on every decision and change the server announces, and after a reconnect. */
export function useApprovalsLive(userId: string | undefined) {
  const qc = useQueryClient();
  useLiveConnection();
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey: approvalsKey(userId) }), [qc, userId]);
  useLiveEvent('approval:decided', refetch);
  useLiveEvent('approval:updated', refetch);
  useLiveReconnect(refetch);
}

/** GET /approvals: the member's links and their team's, newest first. */
export function useApprovals(userId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: approvalsKey(userId, 'list'),
    enabled: Boolean(userId) && enabled,
    queryFn: async ({ signal }) => (await api('/approvals', { signal })).approvals,
  });
}

/** GET /approvals/:id: one link with every line, its versions and its decisions. */
export function useApproval(userId: string | undefined, id: string | null) {
  return useQuery({
    queryKey: approvalsKey(userId, 'one', id),
    enabled: Boolean(userId && id),
    queryFn: async ({ signal }) => (await api(`/approvals/${id}`, { signal })).approval,
  });
}

/** POST /approvals: the link (with its token) is in this answer only. */
export function useCreateApproval(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApprovalBody) => api('/approvals', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: approvalsKey(userId) }),
  });
}

export type ApprovalChange =
  { kind: 'revoke' } | { kind: 'extend'; days?: number } | { kind: 'unlock' } | { kind: 'lines'; lines: AddApprovalLinesBody['lines'] };

function changeApproval(id: string, change: ApprovalChange) {
  switch (change.kind) {
    case 'revoke':
      return api(`/approvals/${id}/revoke`, { method: 'POST' });
    case 'extend':
      return api(`/approvals/${id}/extend`, { method: 'POST', body: change.days ? { days: change.days } : {} });
    case 'unlock':
      return api(`/approvals/${id}/unlock`, { method: 'POST' });
    case 'lines':
      return api(`/approvals/${id}/lines`, { method: 'POST', body: { lines: change.lines } });
  }
}

/** One change to a link; the answer is the link as it now stands, and the list is read again. */
export function useApprovalChange(userId: string | undefined, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: ApprovalChange) => changeApproval(id, change),
    onSuccess: ({ approval }) => qc.setQueryData(approvalsKey(userId, 'one', id), approval),
    onSettled: () => qc.invalidateQueries({ queryKey: approvalsKey(userId, 'list') }),
  });
}

/** Downloads the approved lines (GET /approvals/:id/export?format=), as a campaign's export; answers how many were left out. */
export function useApprovalExport(id: string) {
  return useMutation({
    mutationFn: async (format: ApprovalExportFormat) => {
      const res = await apiResponse(`/approvals/${id}/export`, { query: { format }, timeoutMs: 60_000 });
      await saveDownload(res, `genius-lines-approved-${format}.csv`);
      return Number(res.headers.get('x-omitted-lines') ?? 0);
    },
  });
}

/** POST /approvals/:id/save-approved: the approved lines into the library, marked "approved by <name> on <date>". */
export function useSaveApproved(userId: string | undefined, id: string) {
  const qc = useQueryClient();
  const refreshSaved = useRefreshSaved();
  return useMutation({
    mutationFn: (body: SaveApprovedBody) => api(`/approvals/${id}/save-approved`, { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: teamKey(userId, 'lines') });
      refreshSaved();
    },
  });
}

/**
 * POST /approvals/:id/lines/:lineId/refine: the generator's refine actions on a line of the link.
 * The answer names the generation that writes it and where its refined line lands (useRefinedLine).
 */
export function useRefineApprovalLine(approvalId: string, lineId: string) {
  return useMutation({
    mutationFn: (body: RefineApprovalLineBody) => api(`/approvals/${approvalId}/lines/${lineId}/refine`, { method: 'POST', body }),
  });
}

/** A refinement being written: its line once it is there, or that it failed (the generation's own error). */
export type RefinedLine = { status: 'writing' } | { status: 'done'; text: string } | { status: 'failed'; error: string | null };

/**
 * Follows a refinement as the generate page does: the generation's generation:completed or
 * generation:failed (and a reconnect) read GET /lines/generations/:id again; the refined line is at
 * the accepted `index` once it completes, and a completion without it is a failed refinement.
 */
export function useRefinedLine(userId: string | undefined, accepted: ApprovalRefineAcceptedDto | null): RefinedLine | null {
  const qc = useQueryClient();
  const id = accepted?.generation.id ?? null;
  const key = approvalsKey(userId, 'refined', id);
  useLiveConnection();
  const again = () => void qc.invalidateQueries({ queryKey: key });
  useLiveEvent('generation:completed', (p) => p.id === id && again());
  useLiveEvent('generation:failed', (p) => p.id === id && again());
  useLiveReconnect(again);
  const generation = useQuery({
    queryKey: key,
    enabled: Boolean(userId && id),
    queryFn: async ({ signal }) => (await api(`/lines/generations/${id}`, { signal })).generation,
    // While it is being written, ask again now and then too: a completion event that came before
    // this row listened (between the 202 and the next render) must not leave it "writing" for good.
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const status = query.state.data?.status;
      return status === undefined || status === 'pending' || status === 'running' ? 2_000 : false;
    },
  });
  if (!accepted) return null;
  const g = generation.data;
  if (generation.isError) return { status: 'failed', error: null };
  if (!g || g.status === 'pending' || g.status === 'running') return { status: 'writing' };
  const text = g.lines[accepted.index];
  if (g.status === 'completed' && text !== undefined) return { status: 'done', text };
  return { status: 'failed', error: g.error };
}

/** POST /approvals/:id/token: a fresh link (shown once); the old one stops working at once. */
export function useRenewApprovalToken(userId: string | undefined, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewApprovalTokenBody) => api(`/approvals/${id}/token`, { method: 'POST', body }),
    onSuccess: ({ approval }) => qc.setQueryData(approvalsKey(userId, 'one', id), approval),
    onSettled: () => qc.invalidateQueries({ queryKey: approvalsKey(userId, 'list') }),
  });
}
