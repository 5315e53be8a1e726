import { useSyncExternalStore } from 'react';

/** What the app tells about itself, whatever page is open: a new build waiting, the connection. */
export interface AppStatus {
  /** A new build is installed and waiting: calling this activates it and reloads the page. */
  reload: (() => void) | null;
  online: boolean;
  /** The connection came back a moment ago (shown briefly). */
  backOnline: boolean;
}

let status: AppStatus = { reload: null, online: typeof navigator === 'undefined' ? true : navigator.onLine, backOnline: false };
const listeners = new Set<() => void>();

function set(next: Partial<AppStatus>): void {
  status = { ...status, ...next };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a prerendered page is built with (and hydrates with): online, no update waiting. */
const PRERENDER_STATUS: AppStatus = { reload: null, online: true, backOnline: false };

export const useAppStatus = (): AppStatus =>
  useSyncExternalStore(
    subscribe,
    () => status,
    () => PRERENDER_STATUS,
  );

export function setUpdateReady(reload: () => void): void {
  set({ reload });
}

const BACK_ONLINE_MS = 4000;
let backOnlineTimer: ReturnType<typeof setTimeout> | undefined;

/** Follows the browser's online/offline events (once, at start). */
export function watchConnection(): void {
  window.addEventListener('offline', () => {
    clearTimeout(backOnlineTimer);
    set({ online: false, backOnline: false });
  });
  window.addEventListener('online', () => {
    set({ online: true, backOnline: true });
    clearTimeout(backOnlineTimer);
    backOnlineTimer = setTimeout(() => set({ backOnline: false }), BACK_ONLINE_MS);
  });
}

/** True while the browser has no connection (for pages that need one). */
export const useOnline = (): boolean => useAppStatus().online;
