// Reading notes stored on this device or sent by the server leniently: malformed checklist items and
// chat messages become the spec's placeholders, and what screens see is a NoteView without bookkeeping.
// Not #core/note's schemas: the search worker reads stored notes with this module and must not load zod.
import { NOTE_CONTENT_FIELDS, type NoteContent } from '#core/note-fields';
import { isListField, readContent, readContentValue } from '#core/note-lenient';
import { pickContent, type LocalNote, type NoteFields, type SyncState } from '#core/sync-rules';
import type { NoteVersion } from '#core/sync-local-writes';
import { versionOf } from '#core/sync-local-writes';

/** A note as screens use it: the spec's fields plus its sync state. */
/** A note as it was made or shown: enough to tell whether it was written since (discardUntouched). */
export interface MadeNote {
  id: string;
  version: Pick<NoteVersion, 'mutationId'>;
}

export interface NoteView extends NoteFields {
  /** 'pending': saved on this device, waiting to sync; 'error': refused by the server (see sync_error). */
  sync_state: SyncState;
  sync_error: string | null;
  /** Set on a conflict copy made on this device: the id of the note it was copied from. */
  conflict_of: string | null;
  /** The version shown: pass it back to updateNote/deleteNote as `basedOn` [S20]. */
  version: NoteVersion;
}

type Raw = Record<string, unknown>;

/** Whether `value` is a plain record (server-row.ts reads with it too). */
export function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const intOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** Item ids missing from stored data are derived from the note id, so they stay the same on every read. */
function stableItemIds(noteId: string): () => string {
  let n = 0;
  return () => `${noteId}-item-${n++}`;
}

const LIST_FIELDS = NOTE_CONTENT_FIELDS.filter(isListField);

/** The note's lists (checklist, chat) as the app can use them, within the note's bounds (server-row.ts reads with it too). */
export function readLists(raw: Raw, id: string): Partial<NoteContent> {
  const makeId = stableItemIds(id);
  const lists: Partial<Record<keyof NoteContent, unknown>> = {};
  for (const field of LIST_FIELDS) lists[field] = readContentValue(field, raw[field], { makeId, bounded: true });
  return lists as Partial<NoteContent>;
}

const SYNC_STATES = new Set<string>(['synced', 'pending', 'error']);

/** A stored local row as the app can use it; null for a row without an id or owner. */
export function readLocalNote(raw: unknown): LocalNote | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.user_id !== 'string') return null;
  const createdAt = str(raw.created_at, str(raw.updated_at));
  return {
    id: raw.id,
    user_id: raw.user_id,
    ...readContent(raw, { makeId: stableItemIds(raw.id), bounded: true }),
    created_at: createdAt,
    updated_at: str(raw.updated_at, createdAt),
    deleted_at: strOrNull(raw.deleted_at),
    revision: intOrNull(raw.revision),
    base_revision: intOrNull(raw.base_revision),
    mutation_id: strOrNull(raw.mutation_id),
    sent_mutation_ids: Array.isArray(raw.sent_mutation_ids)
      ? raw.sent_mutation_ids.filter((v): v is string => typeof v === 'string')
      : [],
    sync_state:
      typeof raw.sync_state === 'string' && SYNC_STATES.has(raw.sync_state) ? (raw.sync_state as SyncState) : 'pending',
    sync_error: strOrNull(raw.sync_error),
    conflict_of: strOrNull(raw.conflict_of),
    // Rows stored before [S33] have none: their pending change makes a copy, as it did, if it conflicts.
    base_content: isRecord(raw.base_content)
      ? readContent(raw.base_content, { makeId: stableItemIds(raw.id), bounded: true })
      : null,
    history_reason: raw.history_reason === 'ai' || raw.history_reason === 'conflict' ? raw.history_reason : null,
  };
}

export function toNoteView(note: LocalNote): NoteView {
  return {
    id: note.id,
    user_id: note.user_id,
    ...pickContent(note),
    created_at: note.created_at,
    updated_at: note.updated_at,
    sync_state: note.sync_state,
    sync_error: note.sync_error,
    conflict_of: note.conflict_of,
    version: versionOf(note),
  };
}
