import type { SavedLineDto } from '@gl/core/types';

/**
 * The saved library as it was the last time it was read online, kept on the device in IndexedDB
 * per user, so /saved opens offline. Emptied on sign-out and on any ended session (clearSession),
 * because phones are shared. Every failure (private mode, a full disk, no IndexedDB) is ignored:
 * the app then simply works online only.
 */
const DB_NAME = 'genius-lines-offline';
const STORE = 'libraries';

export interface OfflineLibrary {
  userId: string;
  savedLines: SavedLineDto[];
  total: number;
  storedAt: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is unavailable'));
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'userId' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  try {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

export async function storeOfflineLibrary(userId: string, savedLines: SavedLineDto[], total: number): Promise<void> {
  const entry: OfflineLibrary = { userId, savedLines, total, storedAt: new Date().toISOString() };
  await run('readwrite', (s) => s.put(entry));
}

export async function readOfflineLibrary(userId: string): Promise<OfflineLibrary | undefined> {
  return run<OfflineLibrary | undefined>('readonly', (s) => s.get(userId) as IDBRequest<OfflineLibrary | undefined>);
}

/** Every user's copy: after sign-out nobody's lines stay on the device. */
export async function clearOfflineLibraries(): Promise<void> {
  await run('readwrite', (s) => s.clear());
}
