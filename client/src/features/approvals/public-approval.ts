/**
 * The client's page's data (`/approve/:token`): the shared lines (GET /public/approvals/:token, with
 * the PIN when the link has one), the decisions (kept on the device until sent: approval-queue.ts),
 * and the link's room on the socket (`approval:watch`), where another reviewer's decision and the
 * team's new versions arrive (`approval:line`), and the link's end (`approval:closed`).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { APPROVAL_PIN_HEADER, type PublicApprovalDto, type PublicApprovalLineDto } from '@gl/core/types';
import { api, ApiError } from '../../platform/api';
import { live, useLiveEvent, useLiveReconnect } from '../../platform/socket';
import { readPublicApproval, takeEarlyRead } from './approve-path';
import { dropDecisions, enqueueDecisions, queuedDecisions, type QueuedDecision } from './approval-queue';

export const publicApprovalKey = (token: string, pin: string) => ['public-approval', token, pin] as const;

const pinHeaders = (pin: string): Record<string, string> => (pin ? { [APPROVAL_PIN_HEADER]: pin } : {});
const tokenPath = (token: string) => `/public/approvals/${encodeURIComponent(token)}` as const;

/** A 404 is an answer (unknown, expired, revoked, locked, or a PIN needed): not retried. */
export function usePublicApproval(token: string, pin: string) {
  return useQuery({
    queryKey: publicApprovalKey(token, pin),
    queryFn: ({ signal }) => takeEarlyRead(token, pin) ?? readPublicApproval(token, pin, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
    staleTime: 30_000,
  });
}

/** Puts lines, as the server now has them, into the shown link (a line it did not have yet goes at the end). */
function putLines(qc: QueryClient, token: string, pin: string, lines: PublicApprovalLineDto[]) {
  qc.setQueryData<PublicApprovalDto>(publicApprovalKey(token, pin), (a) => {
    if (!a) return a;
    const byId = new Map(lines.map((l) => [l.id, l]));
    const known = new Set(a.lines.map((l) => l.id));
    return { ...a, lines: [...a.lines.map((l) => byId.get(l.id) ?? l), ...lines.filter((l) => !known.has(l.id))] };
  });
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
 * Sends what is queued for the link, in order. A network failure (or a 429) keeps the queue: it is
 * sent again when the connection returns. The server's refusal drops what it refused, so a dead
 * decision never blocks the rest: the link gone (404), or a line with a newer version than the one
 * the reviewer decided on (409: they see the new text first).
 */
export function useSendDecisions(token: string, pin: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const queue = queuedDecisions(token);
      // One request per reviewer name (the body carries one), oldest first.
      const byName = new Map<string, QueuedDecision[]>();
      for (const d of queue) byName.set(d.reviewerName, [...(byName.get(d.reviewerName) ?? []), d]);
      for (const [reviewerName, decisions] of byName) {
        try {
          const answer = await api(`${tokenPath(token)}/decisions`, {
            method: 'POST',
            headers: pinHeaders(pin),
            body: {
              reviewerName,
              decisions: decisions.map(({ lineId, decision, comment, version }) => ({
                lineId,
                decision,
                ...(comment ? { comment } : {}),
                ...(version ? { version } : {}),
              })),
            },
          });
          dropDecisions(token, decisions);
          putLines(qc, token, pin, answer.lines);
        } catch (err) {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) dropDecisions(token, decisions);
          throw err;
        } finally {
          notifyQueue();
        }
      }
    },
    onError: (err) => {
      if (err instanceof ApiError && !err.isNetworkError) void qc.invalidateQueries({ queryKey: publicApprovalKey(token, pin) });
    },
  });
}

/** Records decisions on the device, then tries to send them at once. */
export function useDecide(token: string, pin: string) {
  const send = useSendDecisions(token, pin);
  const { mutate } = send;
  const decide = useCallback(
    (decisions: QueuedDecision[]) => {
      enqueueDecisions(token, decisions);
      notifyQueue();
      if (navigator.onLine) mutate();
    },
    [token, mutate],
  );
  return { decide, send };
}

/** Sends the queue when the page opens with one, and whenever the connection returns. */
export function useFlushWhenOnline(token: string, send: () => void) {
  useEffect(() => {
    if (navigator.onLine && queuedDecisions(token).length > 0) send();
    const onOnline = () => {
      if (queuedDecisions(token).length > 0) send();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [token, send]);
}

const ENGAGING_EVENTS = ['pointerdown', 'keydown', 'scroll', 'focusin'] as const;

/**
 * True once the person has touched, typed, scrolled or tabbed on the page. The first visit on a slow
 * phone downloads only what shows the lines and takes decisions (the phone budget: 150 KB); the live
 * room follows as soon as they start reading or deciding, and reads the lines again on joining.
 */
function useEngaged(): boolean {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (engaged) return;
    const on = () => setEngaged(true);
    for (const e of ENGAGING_EVENTS) window.addEventListener(e, on, { once: true, passive: true, capture: true });
    return () => {
      for (const e of ENGAGING_EVENTS) window.removeEventListener(e, on, { capture: true });
    };
  }, [engaged]);
  return engaged;
}

/**
 * The link's room: joined while the lines are shown, once the person engages with the page (and
 * again after every reconnection, which also reads the lines again: nothing decided meanwhile is missed). A line
 * another reviewer decided, or a new version the team shared, replaces the shown one; a revoked or
 * locked link reads again (and shows it can no longer be opened).
 */
export function useApprovalRoom(token: string, pin: string) {
  const qc = useQueryClient();
  const engaged = useEngaged();
  // The connection (socket.io-client, 12 KB) once the reviewer engages with the page, not on the first paint.
  useEffect(() => (engaged ? live.acquire() : undefined), [engaged]);
  useEffect(
    () =>
      engaged
        ? live.standingEmit('approval:watch', { token, ...(pin ? { pin } : {}) }, () => {
            /* joined, or the same refusal GET gives (the page already shows the lines it could read) */
          })
        : undefined,
    [token, pin, engaged],
  );
  useLiveEvent('approval:line', ({ line }) => putLines(qc, token, pin, [line]));
  useLiveEvent('approval:closed', () => void qc.invalidateQueries({ queryKey: publicApprovalKey(token, pin) }));
  useLiveReconnect(() => void qc.invalidateQueries({ queryKey: publicApprovalKey(token, pin) }));
}
