// The pure rules of local writes (docs/sync.md [S1]-[S4], [S9], [S20], [S29], [S30]): what creating,
// editing, trashing or deleting a note does to its local working copy and sync bookkeeping.
import type { LocalChanges, LocalNote, NoteContent } from './sync-rules';
import { pickContent, sentAsIs } from './sync-rules';

const put = (...notes: LocalNote[]): LocalChanges => ({ put: notes, delete: [] });
const remove = (id: string): LocalChanges => ({ put: [], delete: [id] });

export interface NewNoteIds {
  id: string;
  userId: string;
  mutationId: string;
  now: string;
}

/** A note created on this device: pending, new to the server (no base revision). */
export function localCreate(content: NoteContent, ids: NewNoteIds): LocalNote {
  return {
    id: ids.id,
    user_id: ids.userId,
    ...pickContent(content),
    created_at: ids.now,
    updated_at: ids.now,
    deleted_at: null,
    revision: null,
    base_revision: null,
    mutation_id: ids.mutationId,
    sent_mutation_ids: [],
    sync_state: 'pending',
    sync_error: null,
    conflict_of: null,
    base_content: null,
    history_reason: null,
  };
}

/** The version a screen showed, when a write is made on it rather than on the current local copy [S20]. */
export interface SeenBase {
  /** Its base revision. */
  revision: number | null;
  /** What it showed: the write changes this, so a merge takes it as the write's base [S33]. */
  content: NoteContent;
}

/**
 * An edit: a new mutation id, pending. A synced note's base becomes its current revision and content; a
 * note that was already pending keeps its base, since its content still derives from that server version
 * [S4] [S33]. `staleBase` (see editBasis) makes the edit build on the older version the user saw [S20].
 */
export function localEdit(
  current: LocalNote,
  patch: Partial<NoteContent>,
  mutationId: string,
  now: string,
  staleBase?: SeenBase,
): LocalNote {
  const wasPending = current.sync_state !== 'synced';
  return {
    ...current,
    ...pickContent({ ...current, ...patch }),
    updated_at: now,
    base_revision: staleBase ? staleBase.revision : wasPending ? current.base_revision : current.revision,
    base_content: staleBase
      ? staleBase.content
      : wasPending
        ? (current.base_content ?? sentAsIs(current))
        : pickContent(current),
    mutation_id: mutationId,
    sync_state: 'pending',
    sync_error: null,
  };
}

/**
 * A move to the Trash [S29] (`trashedAt` the time, null to restore): an edit of that one field. The note
 * keeps its updated_at, so it comes back to its place in the lists, and keeps its content.
 */
export function localTrash(
  current: LocalNote,
  mutationId: string,
  trashedAt: string | null,
  staleBase?: SeenBase,
): LocalNote {
  return localEdit(current, { trashed_at: trashedAt }, mutationId, current.updated_at, staleBase);
}

/** Which version of a note a screen showed: pass it back with an edit or a deletion [S20]. */
export interface NoteVersion {
  readonly mutationId: string | null;
  readonly baseRevision: number | null;
}

export function versionOf(note: LocalNote): NoteVersion {
  return { mutationId: note.mutation_id, baseRevision: note.base_revision };
}

/**
 * How an edit relates to the current local copy [S20]:
 * - 'current': it was made on it (or on an earlier write of the same screen session);
 * - 'replaced-by-server': since the screen showed the note, a pull brought another device's version;
 * - 'changed-elsewhere': another tab of this device changed it and that change is not synced yet.
 */
export type EditBasis = 'current' | 'replaced-by-server' | 'changed-elsewhere';

export function editBasis(
  current: LocalNote,
  seen: NoteVersion | undefined,
  isOwnMutation: (id: string) => boolean,
): EditBasis {
  if (!seen || seen.mutationId === current.mutation_id) return 'current';
  if (current.mutation_id !== null && isOwnMutation(current.mutation_id)) return 'current';
  return current.sync_state === 'synced' ? 'replaced-by-server' : 'changed-elsewhere';
}

/** True when the server may hold this note: it was seen there, or a send of it may have landed. */
export function mayExistOnServer(note: LocalNote): boolean {
  return note.revision !== null || note.base_revision !== null || note.sent_mutation_ids.length > 0;
}

/**
 * A deletion [S9]: a note the server can never have had simply goes; any other becomes a pending
 * tombstone, so the deletion reaches the server and other devices. `staleBase` as for localEdit [S20].
 */
export function localDelete(current: LocalNote, mutationId: string, now: string, staleBase?: SeenBase): LocalChanges {
  if (!mayExistOnServer(current)) return remove(current.id);
  return tombstone(current, mutationId, now, staleBase);
}

/**
 * A note left exactly as it was made, discarded (issue 33: an untouched quick note): always a pending
 * tombstone that says when it went to the Trash, so the server deletes it for good [S30]. Never removed
 * here at once, even when no send of it is known: a sync run may have read its creation already and be
 * about to send it, and the tombstone then follows it to the server ([S6] rebases it on the landed create).
 */
export function localDiscard(current: LocalNote, mutationId: string, now: string): LocalChanges {
  return tombstone({ ...current, trashed_at: now }, mutationId, now);
}

function tombstone(current: LocalNote, mutationId: string, now: string, staleBase?: SeenBase): LocalChanges {
  const base = current.sync_state === 'synced' ? current.revision : current.base_revision;
  return put({
    ...current,
    deleted_at: now,
    updated_at: now,
    base_revision: staleBase ? staleBase.revision : base,
    mutation_id: mutationId,
    sync_state: 'pending',
    sync_error: null,
  });
}
