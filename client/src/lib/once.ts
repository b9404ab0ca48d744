// An async factory run once and its promise kept: the Supabase clients (lib/supabase.ts) and the note
// schemas the sync loads on demand (data/notes/note-schemas.ts).

/** Memoises an async factory; a failure is not kept, so a later call tries again (e.g. once the network is back). */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | null = null;
  return () => {
    promise ??= make().catch((error: unknown) => {
      promise = null;
      throw error;
    });
    return promise;
  };
}
