// core/note.ts's schemas (and zod with them, some 24 KiB gzip), loaded when the sync first meets a row
// its quick checks (core/note-check.ts) are not certain of: rows this app and its server write pass them,
// so a returning user's sync does not load zod at all.
import type * as note from '#core/note';

export type NoteSchemas = typeof note;

/**
 * `load`, called once and its promise kept. A failed load (the chunk could not be fetched) is not kept:
 * it rejects the caller's work, which must then fail as a whole (and be retried), never take a row for
 * invalid; the next call loads again.
 */
export function schemaLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export const loadNoteSchemas: () => Promise<NoteSchemas> = schemaLoader(() => import('#core/note'));
