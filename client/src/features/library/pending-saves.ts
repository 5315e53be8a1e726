import { useSyncExternalStore } from 'react';
import type { CategoryId, PlatformId, SavedLineDto, Tone } from '@gl/core/types';
import { i18n } from '../../platform/i18n/i18n';
import { ApiError, api, errorMessage } from '../../platform/api';
import { idbRun, type IdbStore } from '../../platform/idb';
import { getSession, subscribeSession } from '../../platform/session';

/**
 * Saves tapped without a connection. Each is kept on the device (IndexedDB, with the user's id)
 * under an idempotency key made when it was tapped, shown as "Pending", and sent once when the
 * connection returns, with `Idempotency-Key`, so a retry whose first answer was lost never saves
 * twice. Only the same user's session ever sends it:
 * - sign-out and account deletion drop every pending save (`clearPendingSaves`);
 * - an expired session keeps them until that same user signs in again;
 * - when another account signs in on this device, the earlier user's pending saves are dropped.
 * Where the device refuses storage (private mode, a full disk) the queue lives in memory for as
 * long as the page is open.
 */
export interface PendingSave {
  /** The Idempotency-Key: one per tap. */
  key: string;
  userId: string;
  text: string;
  category: CategoryId;
  tone: Tone;
  generationId?: string;
  /** Where the line will be posted, when the generation named one. */
  platform?: PlatformId;
  queuedAt: string;
}

/** How a pending save ended: saved (maybe already in the library), or refused by the server. */
export type PendingOutcome = { status: 'saved'; already: boolean; savedLine: SavedLineDto } | { status: 'error'; message: string };

export interface PendingState {
  /** Every pending save of the signed-in user, oldest first. */
  entries: PendingSave[];
  /** What became of the saves sent since the page opened, by key. */
  outcomes: Record<string, PendingOutcome>;
}

const QUEUE: IdbStore = { db: 'genius-lines-pending', store: 'saves', keyPath: 'key' };
/** While saves wait and the browser says it is online (the server may still be unreachable): try again this often. */
const RETRY_MS = 30_000;

const memory = new Map<string, PendingSave>();
let state: PendingState = { entries: [], outcomes: {} };
const listeners = new Set<() => void>();

function publish(outcomes = state.outcomes): void {
  const userId = getSession()?.user?.id;
  const entries = [...memory.values()].filter((e) => e.userId === userId).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  state = { entries, outcomes };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const usePendingSaves = (): PendingState => useSyncExternalStore(subscribe, () => state);

/** A random UUID, also where crypto.randomUUID is missing (plain http on a LAN address). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Reads what an earlier page left on the device into this page's queue. */
async function loadFromDevice(): Promise<void> {
  const stored = await idbRun<PendingSave[]>(QUEUE, 'readonly', (s) => s.getAll() as IDBRequest<PendingSave[]>);
  for (const e of stored ?? []) if (!memory.has(e.key)) memory.set(e.key, e);
}

async function forget(key: string): Promise<void> {
  memory.delete(key);
  await idbRun(QUEUE, 'readwrite', (s) => s.delete(key));
}

/** Keeps a save for later (the caller found no connection); it goes as soon as one returns. */
export async function queueSave(entry: Omit<PendingSave, 'queuedAt'>): Promise<void> {
  const pending: PendingSave = { ...entry, queuedAt: new Date().toISOString() };
  memory.set(pending.key, pending);
  publish();
  await idbRun(QUEUE, 'readwrite', (s) => s.put(pending));
}

/** Sign-out and account deletion: nothing anyone queued stays on the device or is ever sent. */
export async function clearPendingSaves(): Promise<void> {
  memory.clear();
  publish({});
  await idbRun(QUEUE, 'readwrite', (s) => s.clear());
}

/** A save sent straight away (online), with its own key so a lost answer can be retried safely. */
export function sendSave(entry: Omit<PendingSave, 'queuedAt' | 'userId'>, opts: { background?: boolean } = {}) {
  return api('/lines/save', {
    method: 'POST',
    body: {
      text: entry.text,
      category: entry.category,
      tone: entry.tone,
      ...(entry.generationId ? { generationId: entry.generationId } : {}),
      ...(entry.platform ? { platform: entry.platform } : {}),
    },
    headers: { 'Idempotency-Key': entry.key },
    stayOnSessionEnd: opts.background,
  });
}

/** Worth keeping and trying again later: no connection, a lost session, or the server busy or down. */
function isTransient(err: unknown): boolean {
  return err instanceof ApiError && (err.isNetworkError || err.status === 401 || err.status === 429 || err.status >= 500);
}

let flushing: Promise<void> | null = null;

/** Sends the signed-in user's pending saves, oldest first, each once; stops at the first transient failure. */
export function flushPendingSaves(): Promise<void> {
  flushing ??= (async () => {
    await loadFromDevice();
    const userId = getSession()?.user?.id;
    if (!userId) return publish();
    // Someone else signed in on this device: the earlier person's pending saves are never sent as them.
    for (const e of [...memory.values()]) if (e.userId !== userId) await forget(e.key);
    publish();
    for (const e of state.entries) {
      if (getSession()?.user?.id !== e.userId || !navigator.onLine) break;
      try {
        const data = await sendSave(e, { background: true });
        await forget(e.key);
        publish({ ...state.outcomes, [e.key]: { status: 'saved', already: Boolean(data.alreadySaved), savedLine: data.savedLine } });
      } catch (err) {
        if (isTransient(err)) break;
        await forget(e.key);
        publish({ ...state.outcomes, [e.key]: { status: 'error', message: errorMessage(err, i18n.t('generate:results.saveFailed')) } });
      }
    }
    publish(); // the session may have ended on the way
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

let started = false;

/** Once, at start: load what is on the device and send it whenever a connection or a sign-in comes. */
export function startPendingSaves(): void {
  if (started) return;
  started = true;
  let lastUser = getSession()?.user?.id;
  const flush = () => void flushPendingSaves();
  window.addEventListener('online', flush);
  subscribeSession(() => {
    const userId = getSession()?.user?.id;
    if (userId === lastUser) return;
    lastUser = userId;
    publish();
    if (userId) flush();
  });
  setInterval(() => {
    if (navigator.onLine && memory.size > 0) flush();
  }, RETRY_MS);
  flush();
}
