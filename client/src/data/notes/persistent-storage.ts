// [S19] Unsynced notes exist only on this device: ask the browser to keep this origin's storage under
// pressure. app/ asks once per page, when the first notes session starts.
type StorageManagerLike = Pick<StorageManager, 'persist'> & Partial<Pick<StorageManager, 'persisted'>>;

function browserStorage(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** True when the storage is (now) persistent; never rejects. */
export async function requestPersistentStorage(
  storage: StorageManagerLike | undefined = browserStorage(),
): Promise<boolean> {
  try {
    if (!storage?.persist) return false;
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
