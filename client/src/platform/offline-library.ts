import type { SavedLineDto } from '@gl/core/types';
import { idbRun, type IdbStore } from './idb';

/**
 * The saved library as it was the last time it was read online, kept on the device in IndexedDB
 * per user, so /saved opens offline. Emptied on sign-out and on any ended session (clearSession),
 * because phones are shared. Every failure (private mode, a full disk, no IndexedDB) is ignored:
 * the app then simply works online only.
 */
const LIBRARIES: IdbStore = { db: 'genius-lines-offline', store: 'libraries', keyPath: 'userId' };

export interface OfflineLibrary {
  userId: string;
  savedLines: SavedLineDto[];
  total: number;
  storedAt: string;
}

export async function storeOfflineLibrary(userId: string, savedLines: SavedLineDto[], total: number): Promise<void> {
  const entry: OfflineLibrary = { userId, savedLines, total, storedAt: new Date().toISOString() };
  await idbRun(LIBRARIES, 'readwrite', (s) => s.put(entry));
}

export async function readOfflineLibrary(userId: string): Promise<OfflineLibrary | undefined> {
  return idbRun<OfflineLibrary | undefined>(LIBRARIES, 'readonly', (s) => s.get(userId) as IDBRequest<OfflineLibrary | undefined>);
}

/** Every user's copy: after sign-out nobody's lines stay on the device. */
export async function clearOfflineLibraries(): Promise<void> {
  await idbRun(LIBRARIES, 'readwrite', (s) => s.clear());
}
