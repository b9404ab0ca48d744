// What the history endpoints do (docs/history.md): list a note's versions, read one, restore one (itself a
// change that keeps the version it replaces), and delete a note's history. Every statement names the
// caller as the note's owner: another user's note, or a note deleted for good, is not found. The routes
// run them as the caller (db/as-user.ts), so the database holds them to that user's rows as well.
import { sql, type Kysely } from 'kysely';
import { NOTE_CONTENT_FIELDS, PLACEMENT_FIELDS } from '#core/note-fields';
import type { LocalSettings } from '../db/as-user';
import type { DB } from '../db/schema';
import { ApiError } from '../http/errors/json-errors';
import { presentVersion, type VersionMeta, type VersionRow } from './presenters';

/** Versions one list answer holds at most; `before` pages on. */
export const HISTORY_PAGE_SIZE = 100;

export const historyErrors = {
  noteNotFound: () => new ApiError(404, 'not_found', 'Note not found.'),
  versionNotFound: () => new ApiError(404, 'not_found', 'This version of the note was not found.'),
};

/** The note, if it is the caller's and not deleted for good. */
async function ownNote(db: Kysely<DB>, userId: string, noteId: string): Promise<{ revision: number } | undefined> {
  return db
    .selectFrom('notes')
    .select('revision')
    .where('id', '=', noteId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

const META = sql<VersionRow>`v.id, v.kept_at, v.written_at, v.reason, v.user_agent, v.content ->> 'title' AS title, v.bytes`;

export interface VersionList {
  versions: VersionMeta[];
  /** Pass as `before` for the next page; null on the last. */
  next: string | null;
}

export async function listVersions(
  db: Kysely<DB>,
  userId: string,
  noteId: string,
  before: string | null,
): Promise<VersionList> {
  if (!(await ownNote(db, userId, noteId))) throw historyErrors.noteNotFound();
  const { rows } = await sql<VersionRow>`
    SELECT ${META} FROM note_versions v
    WHERE v.note_id = ${noteId} AND v.user_id = ${userId} ${before ? sql`AND v.id < ${before}::bigint` : sql``}
    ORDER BY v.id DESC LIMIT ${HISTORY_PAGE_SIZE + 1}`.execute(db);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  return {
    versions: page.map(presentVersion),
    next: rows.length > HISTORY_PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
  };
}

export interface VersionWithContent {
  version: VersionMeta;
  /** The note's content fields as that version held them (core/note-fields.ts). */
  content: Record<string, unknown>;
}

export async function readVersion(
  db: Kysely<DB>,
  userId: string,
  noteId: string,
  versionId: string,
): Promise<VersionWithContent> {
  const { rows } = await sql<VersionRow & { content: Record<string, unknown> }>`
    SELECT ${META}, v.content FROM note_versions v JOIN notes n ON n.id = v.note_id
    WHERE v.id = ${versionId}::bigint AND v.note_id = ${noteId} AND v.user_id = ${userId}
      AND n.user_id = ${userId} AND n.deleted_at IS NULL`.execute(db);
  const row = rows[0];
  if (!row) throw historyErrors.versionNotFound();
  return { version: presentVersion(row), content: row.content };
}

// The Trash, the pin and the archive are where a note is, not what it says: a restored version leaves the
// note where it is.
const RESTORED_FIELDS = NOTE_CONTENT_FIELDS.filter((field) => !(PLACEMENT_FIELDS as readonly string[]).includes(field));

/** Who restores a version, as transaction settings for asUser: the restore's change keeps what it replaces. */
export function restoreSettings(sessionId: string): LocalSettings {
  return { 'sprout.session': sessionId, 'sprout.history_reason': 'version' };
}

/**
 * Writes the version's content onto the note as a new change (a new revision, which every device pulls);
 * the content it replaces is kept as a version first ('version', migration 013), so a restore is undone by
 * restoring that one. Runs in the caller's transaction, with restoreSettings set. Resolves with the
 * note's new revision.
 */
export async function restoreVersion(
  trx: Kysely<DB>,
  userId: string,
  noteId: string,
  versionId: string,
): Promise<{ revision: number }> {
  const columns = sql.join(RESTORED_FIELDS.map((field) => sql.ref(field)));
  const values = sql.join(RESTORED_FIELDS.map((field) => sql.ref(`r.${field}`)));
  const { rows } = await sql<{ revision: number | string }>`
    UPDATE notes n SET (${columns}) = (SELECT ${values} FROM jsonb_populate_record(n, v.content) r),
      updated_at = now(), last_mutation_id = gen_random_uuid(), base_revision = NULL
    FROM note_versions v
    WHERE v.id = ${versionId}::bigint AND v.note_id = n.id AND v.user_id = ${userId}
      AND n.id = ${noteId} AND n.user_id = ${userId} AND n.deleted_at IS NULL
    RETURNING n.revision`.execute(trx);
  const row = rows[0];
  if (!row) {
    if (!(await ownNote(trx, userId, noteId))) throw historyErrors.noteNotFound();
    throw historyErrors.versionNotFound();
  }
  return { revision: Number(row.revision) };
}

/** Deletes every version of the caller's note; resolves with how many went. */
export async function deleteHistory(db: Kysely<DB>, userId: string, noteId: string): Promise<number> {
  if (!(await ownNote(db, userId, noteId))) throw historyErrors.noteNotFound();
  const result = await db
    .deleteFrom('note_versions')
    .where('note_id', '=', noteId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
