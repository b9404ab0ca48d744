// core/note.ts's schemas (and zod with them), loaded when the sync first meets a row
// its quick checks (core/note-check.ts) are not certain of: rows this app and its server write pass them,
// so a returning user's sync does not load zod at all.
import type * as note from '#core/note';
import { once } from '../../lib/once';

export type NoteSchemas = typeof note;

/**
 * Loaded once and kept. A failed load (the chunk could not be fetched) is not kept: it rejects the
 * caller's work, which must then fail as a whole (and be retried), never take a row for invalid; the
 * next call loads again.
 */
export const loadNoteSchemas: () => Promise<NoteSchemas> = once(() => import('#core/note'));
