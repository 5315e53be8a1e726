/**
 * The smallest IndexedDB helper: one object store per database, opened for one transaction and
 * closed again. Every failure (private mode, a full disk, IndexedDB refused or absent) rejects,
 * and `idbRun` turns it into `undefined`: what is kept on the device is a bonus, never a need.
 */
export interface IdbStore {
  db: string;
  store: string;
  keyPath: string;
}

function open(where: IdbStore): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is unavailable'));
    const req = indexedDB.open(where.db, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(where.store, { keyPath: where.keyPath });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Runs one request in its own transaction; undefined when the device refuses (the caller carries on). */
export async function idbRun<T>(
  where: IdbStore,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  try {
    const db = await open(where);
    try {
      return await new Promise<T>((resolve, reject) => {
        const tx = db.transaction(where.store, mode);
        const req = work(tx.objectStore(where.store));
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
