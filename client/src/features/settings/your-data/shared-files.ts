// Files another app shared with Sprout, as the service worker keeps them (client/public/sw-share.js):
// one record per share in their own small database, apart from the notes, until the user imports or
// discards them. A share nobody opened is dropped after a week; a signed-out device drops them all.
import { SHARED_FILES_DB as SHARE_DB } from '../../../lib/device-keys';

const SHARE_STORE = 'shares';
/** How long a share waits for its import. */
export const SHARE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface SharedFiles {
  id: string;
  sharedAt: number;
  files: File[];
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const open = indexedDB.open(SHARE_DB, 1);
  // The worker creates the store on the first share; a page that looks first creates the same one.
  open.onupgradeneeded = () => open.result.createObjectStore(SHARE_STORE, { keyPath: 'id' });
  const db = await request(open);
  try {
    const tx = db.transaction(SHARE_STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    const result = await request(operate(tx.objectStore(SHARE_STORE)));
    await done;
    return result;
  } finally {
    db.close();
  }
}

/** A file as IndexedDB gives it back (by its shape: a Blob of another realm fails instanceof). */
const isFile = (value: unknown): value is File =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as File).name === 'string' &&
  typeof (value as File).arrayBuffer === 'function';

const isShare = (value: unknown): value is SharedFiles =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SharedFiles).id === 'string' &&
  typeof (value as SharedFiles).sharedAt === 'number' &&
  Array.isArray((value as SharedFiles).files) &&
  (value as SharedFiles).files.every(isFile);

/** The share kept under `id`, or null when it was imported, discarded or dropped. Drops stale shares. */
export async function readShare(id: string, now = Date.now()): Promise<SharedFiles | null> {
  const all = await withStore('readonly', (store) => store.getAll());
  const stale = all.filter((share) => !isShare(share) || now - share.sharedAt > SHARE_KEPT_MS);
  await Promise.all(
    stale.map((share) => withStore('readwrite', (store) => store.delete((share as { id: IDBValidKey }).id))),
  );
  const share = all.find((candidate) => isShare(candidate) && candidate.id === id);
  return share && !stale.includes(share) ? (share as SharedFiles) : null;
}

export async function forgetShare(id: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(id));
}
