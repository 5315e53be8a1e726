/**
 * The client's page's data (`/approve/:token`): the shared lines (GET /public/approvals/:token, with
 * the PIN when the link has one), the decisions (kept on the device until sent: approval-queue.ts),
 * and the link's room on the socket, where a second reviewer's decision arrives.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../platform/api';
import { live, useLiveConnection, useLiveEvent, useLiveReconnect } from '../../platform/socket';
import { dropDecisions, enqueueDecisions, queuedDecisions, type QueuedDecision } from './approval-queue';
import type { ApprovalLineState, PublicApprovalDto } from './approvals-types';

export const publicApprovalKey = (token: string, pin: string) => ['public-approval', token, pin] as const;

/** The one header a PIN travels in. */
export const PIN_HEADER = 'X-Approval-Pin';
const pinHeaders = (pin: string): Record<string, string> => (pin ? { [PIN_HEADER]: pin } : {});

// TEMPORARY until the contract's api-responses lines land: the calls are typed here.
const call = <T>(path: string, opts: Parameters<typeof api>[1]) => api(path as never, opts) as unknown as Promise<T>;

/** A 404 is an answer (unknown, expired, revoked, or a PIN needed): not retried. */
export function usePublicApproval(token: string, pin: string) {
  return useQuery({
    queryKey: publicApprovalKey(token, pin),
    queryFn: ({ signal }) => call<PublicApprovalDto>(`/public/approvals/${encodeURIComponent(token)}`, { signal, headers: pinHeaders(pin) }),
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
    staleTime: 30_000,
  });
}

function putState(qc: QueryClient, token: string, pin: string, lineId: string, state: ApprovalLineState) {
  qc.setQueryData<PublicApprovalDto>(publicApprovalKey(token, pin), (a) =>
    a ? { ...a, lines: a.lines.map((l) => (l.id === lineId ? { ...l, state } : l)) } : a,
  );
}

/** The decisions not yet sent for this link, re-read whenever the queue changes (in this tab). */
const queueListeners = new Set<() => void>();
const queueSnapshots = new Map<string, { raw: string; queue: QueuedDecision[] }>();
function notifyQueue() {
  for (const l of [...queueListeners]) l();
}
function queueSnapshot(token: string): QueuedDecision[] {
  const queue = queuedDecisions(token);
  const raw = JSON.stringify(queue);
  const cached = queueSnapshots.get(token);
  if (cached && cached.raw === raw) return cached.queue;
  queueSnapshots.set(token, { raw, queue });
  return queue;
}
export function usePendingDecisions(token: string): QueuedDecision[] {
  return useSyncExternalStore(
    (l) => {
      queueListeners.add(l);
      return () => queueListeners.delete(l);
    },
    () => queueSnapshot(token),
  );
}

/** Whether the browser says it is online, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Sends what is queued for the link, in order. A network failure keeps the queue (it is sent again
 * when the connection returns); the server's refusal (the link gone, a line no longer in it) drops
 * what it refused, so a dead decision never blocks the rest.
 */
export function useSendDecisions(token: string, pin: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const queue = queuedDecisions(token);
      if (queue.length === 0) return;
      // One request per reviewer name (the body carries one), oldest first.
      const byName = new Map<string, QueuedDecision[]>();
      for (const d of queue) byName.set(d.reviewerName, [...(byName.get(d.reviewerName) ?? []), d]);
      for (const [reviewerName, decisions] of byName) {
        try {
          const answer = await call<{ lines: Array<{ id: string; state: ApprovalLineState }> }>(
            `/public/approvals/${encodeURIComponent(token)}/decisions`,
            {
              method: 'POST',
              headers: pinHeaders(pin),
              body: {
                reviewerName,
                decisions: decisions.map(({ lineId, decision, comment }) => ({ lineId, decision, ...(comment ? { comment } : {}) })),
              },
            },
          );
          dropDecisions(token, decisions);
          for (const l of answer?.lines ?? []) putState(qc, token, pin, l.id, l.state);
        } catch (err) {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) dropDecisions(token, decisions);
          throw err;
        } finally {
          notifyQueue();
        }
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: publicApprovalKey(token, pin) }),
  });
}

/** Records decisions on the device, then tries to send them at once. */
export function useDecide(token: string, pin: string) {
  const send = useSendDecisions(token, pin);
  const decide = useCallback(
    (decisions: QueuedDecision[]) => {
      enqueueDecisions(token, decisions);
      notifyQueue();
      if (navigator.onLine) send.mutate();
    },
    [token, send],
  );
  return { decide, send };
}

/** Sends the queue when the page opens with one, and whenever the connection returns. */
export function useFlushWhenOnline(token: string, send: () => void, ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    if (navigator.onLine && queuedDecisions(token).length > 0) send();
    const onOnline = () => {
      if (queuedDecisions(token).length > 0) send();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [token, send, ready]);
}

/**
 * The link's room: joined once the lines are shown (and again after every reconnection), where the
 * server sends each decision made on the link, a second reviewer's included.
 */
export function useApprovalRoom(token: string, pin: string, joined: boolean) {
  const qc = useQueryClient();
  useLiveConnection();
  useEffect(() => {
    if (!joined) return;
    // TEMPORARY cast until the contract's ClientToServerEvents lands.
    return (live.standingEmit as unknown as (e: string, p: unknown) => () => void)('approval:watch', { token, ...(pin ? { pin } : {}) });
  }, [token, pin, joined]);
  (useLiveEvent as unknown as (e: string, h: (p: { lineId: string; state: ApprovalLineState }) => void) => void)(
    'approval:line',
    (p) => putState(qc, token, pin, p.lineId, p.state),
  );
  useLiveReconnect(() => void qc.invalidateQueries({ queryKey: publicApprovalKey(token, pin) }));
}
