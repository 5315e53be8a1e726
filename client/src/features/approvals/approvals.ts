/**
 * The team side of approval links: the links a member created (and their team's), kept live by
 * `approval:decided`, and the actions on them (create, revoke, extend, unlock, re-share, export).
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiResponse } from '../../platform/api';
import { saveDownload } from '../../platform/download';
import { useLiveConnection, useLiveEvent, useLiveReconnect } from '../../platform/socket';
import type { ApprovalDto, CreateApprovalBody, CreatedApprovalDto } from './approvals-types';

export const approvalsKey = (userId: string | undefined, ...rest: unknown[]): unknown[] => ['approvals', userId ?? 'none', ...rest];

// TEMPORARY until the contract's api-responses lines land.
const call = <T>(path: string, opts?: Parameters<typeof api>[1]) => api(path as never, opts) as unknown as Promise<T>;

/** GET /approvals: the member's links and their team's, newest first, live. */
export function useApprovals(userId: string | undefined, enabled = true) {
  const qc = useQueryClient();
  useLiveConnection();
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey: approvalsKey(userId) }), [qc, userId]);
  (useLiveEvent as unknown as (e: string, h: () => void) => void)('approval:decided', refetch);
  useLiveReconnect(refetch);
  return useQuery({
    queryKey: approvalsKey(userId, 'list'),
    enabled: Boolean(userId) && enabled,
    queryFn: async ({ signal }) => (await call<{ approvals: ApprovalDto[] }>('/approvals', { signal })).approvals,
  });
}

/** POST /approvals: the link (with its token) is in the answer, once. */
export function useCreateApproval(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApprovalBody) => call<CreatedApprovalDto>('/approvals', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: approvalsKey(userId) }),
  });
}

export type ApprovalChange =
  | { kind: 'revoke' }
  | { kind: 'extend'; days: number }
  | { kind: 'unlock' }
  | { kind: 'reshare'; lines: Array<{ text: string; platform?: string | null }> };

function changeApproval(id: string, change: ApprovalChange): Promise<unknown> {
  switch (change.kind) {
    case 'revoke':
      return call(`/approvals/${id}/revoke`, { method: 'POST' });
    case 'extend':
      return call(`/approvals/${id}/extend`, { method: 'POST', body: { days: change.days } });
    case 'unlock':
      return call(`/approvals/${id}/unlock`, { method: 'POST' });
    case 'reshare':
      return call(`/approvals/${id}/lines`, {
        method: 'POST',
        body: { lines: change.lines.map((l) => ({ text: l.text, ...(l.platform ? { platform: l.platform } : {}) })) },
      });
  }
}

/** One change to a link; the list is read again whatever the outcome (a teammate may have changed it too). */
export function useApprovalChange(userId: string | undefined, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: ApprovalChange) => changeApproval(id, change),
    onSettled: () => qc.invalidateQueries({ queryKey: approvalsKey(userId) }),
  });
}

export const APPROVAL_EXPORT_FORMATS = ['csv', 'google_ads', 'meta_ads'] as const;
export type ApprovalExportFormat = (typeof APPROVAL_EXPORT_FORMATS)[number];

/** Downloads the approved lines (GET /approvals/:id/export?format=), as a campaign's export. */
export function useApprovalExport(id: string) {
  return useMutation({
    mutationFn: async (format: ApprovalExportFormat) => {
      const res = await apiResponse(`/approvals/${id}/export`, { query: { format }, timeoutMs: 60_000 });
      await saveDownload(res, `genius-lines-approved-${format}.csv`);
      return Number(res.headers.get('x-omitted-lines') ?? 0);
    },
  });
}

/** The approved lines into the team library, marked "approved by <name> on <date>". */
export function useSendApprovedToTeam(userId: string | undefined, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call<{ saved: number }>(`/approvals/${id}/library`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['team', userId ?? 'none', 'lines'] }),
  });
}
