import type { PublicUser } from '@gl/core/types';
import { STORAGE_KEYS, storage } from './storage';
import { clearOfflineLibraries } from './offline-library';

/**
 * The stored session (access token, refresh token, user), outside React so the api client can
 * read and clear it. React subscribes through AuthProvider.
 */
export interface StoredSession {
  token: string;
  refreshToken: string | null;
  user: PublicUser | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readUser(): PublicUser | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as PublicUser;
    return user && typeof user.email === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function getSession(): StoredSession | null {
  const token = storage.get(STORAGE_KEYS.token);
  if (!token) return null;
  return { token, refreshToken: storage.get(STORAGE_KEYS.refreshToken), user: readUser() };
}

export function getToken(): string | null {
  return storage.get(STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  return storage.get(STORAGE_KEYS.refreshToken);
}

function notify(): void {
  for (const l of [...listeners]) l();
}

export function setSession(s: { token: string; refreshToken?: string | null; user?: PublicUser | null }): void {
  storage.set(STORAGE_KEYS.token, s.token);
  if (s.refreshToken !== undefined) {
    if (s.refreshToken) storage.set(STORAGE_KEYS.refreshToken, s.refreshToken);
    else storage.remove(STORAGE_KEYS.refreshToken);
  }
  if (s.user !== undefined) {
    if (s.user) storage.set(STORAGE_KEYS.user, JSON.stringify(s.user));
    else storage.remove(STORAGE_KEYS.user);
  }
  notify();
}

export function setStoredUser(user: PublicUser): void {
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Sign-out and any failed session: token, refresh token, user, the legacy saved-lines cache and the offline library. */
export function clearSession(): void {
  const had = storage.get(STORAGE_KEYS.token) !== null || storage.get(STORAGE_KEYS.user) !== null;
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.refreshToken);
  storage.remove(STORAGE_KEYS.user);
  storage.remove(STORAGE_KEYS.legacySavedLines);
  // The offline copy of the library goes too: the next person on this phone must never see it.
  void clearOfflineLibraries();
  if (had) notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
