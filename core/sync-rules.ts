// The pure rules of note sync (docs/sync.md): what a local write, a push answer or a pulled row does to
// the local working copy. No I/O here; the client's sync engine runs these inside storage transactions.
import { derivedUuid } from './derived-id';
import {
  EMPTY_CONTENT,
  NOTE_CONTENT_FIELDS,
  NOTE_DATA_FIELDS,
  NOTE_FIELDS,
  type NoteContent,
  type NoteData,
  type NoteRow,
  type NoteWritable,
} from './note-fields';
import { NOTE_LIMITS } from './note-constants';
import type { StatedHistoryReason } from './history';
import type { MergeOutcome } from './note-merge';
import { canonicalizer } from './note-values';

export type { NoteContent } from './note-fields';
export { NOTE_CONTENT_FIELDS } from './note-fields';

export type SyncState = 'synced' | 'pending' | 'error';

/** The spec's fields of a note (section 3), as the device keeps them (core/note-fields.ts). */
export type NoteFields = NoteData;

/** The local working copy of a note (one IndexedDB row). */
export interface LocalNote extends NoteFields {
  /** Set on a local deletion waiting to reach the server [S9]. */
  deleted_at: string | null;
  /** The latest server revision this device has seen for the note; null if never seen on the server. */
  revision: number | null;
  /** The server revision the local change was made on [S4]; null for a note the server never had. */
  base_revision: number | null;
  /** Id of the latest local change [S3] (pending), or of the server's last write once synced. */
  mutation_id: string | null;
  /** Changes sent whose answer never came: they may have landed on the server [S6]. Oldest first. */
  sent_mutation_ids: string[];
  sync_state: SyncState;
  sync_error: string | null;
  /** For a conflict copy made on this device [S7]: the id of the note it was copied from. */
  conflict_of: string | null;
  /**
   * The content of the server version at `base_revision` while a local change is pending, so that a
   * concurrent change can be merged into it [S33]; null once synced (the content is the base then), for a
   * note new to the server, and for an edit made on an older version the user saw.
   */
  base_content: NoteContent | null;
  /**
   * Why this pending change replaces the note's content, when the server cannot see it (an assistant's
   * result, a resolved conflict): the push names it, and the note's history keeps the version replaced.
   */
  history_reason: StatedHistoryReason | null;
}

export const CONFLICT_COPY_SUFFIX = ' (conflict copy)';
/** Tombstones are kept on the server at least this long; then its purge removes them [S10]. */
export const TOMBSTONE_RETENTION_DAYS = 90;
/**
 * Push batch limits [S5]: the rows the server takes in one request (its MAX_ROWS_PER_REQUEST), and a
 * byte cap with room under its 1 MiB body limit. One request per 1,000 notes, not ten (issue 10).
 */
export const PUSH_BATCH_MAX_ROWS = 1000;
export const PUSH_BATCH_MAX_BYTES = 768 * 1024;
/** At most this many unanswered mutation ids are remembered per note [S6]. */
export const MAX_SENT_MUTATION_IDS = 20;

/** The result of one rule: rows to write and ids to remove, applied in one transaction. */
export interface LocalChanges {
  put: LocalNote[];
  delete: string[];
}

const NO_CHANGES: LocalChanges = Object.freeze({ put: [], delete: [] }) as LocalChanges;
const put = (...notes: LocalNote[]): LocalChanges => ({ put: notes, delete: [] });
const remove = (id: string): LocalChanges => ({ put: [], delete: [id] });

/** What is left of a note's content once it is deleted: the server keeps a tombstone's id and times only. */
export const TOMBSTONE_CONTENT: Readonly<NoteContent> = EMPTY_CONTENT;

/** The fields of `from` named in `fields`, in that order, on a new object. */
function copied<T, K extends keyof T>(fields: readonly K[], from: T): Pick<T, K> {
  const to = {} as Pick<T, K>;
  for (const field of fields) to[field] = from[field];
  return to;
}

export function pickContent(note: NoteContent): NoteContent {
  return copied(NOTE_CONTENT_FIELDS, note);
}

/** The note itself (identity, content, times) without its bookkeeping; a tombstone's content as TOMBSTONE_CONTENT. */
function pickData(note: NoteData, deleted: boolean): NoteData {
  const data = copied(NOTE_DATA_FIELDS, note);
  if (deleted)
    for (const field of NOTE_CONTENT_FIELDS) (data as Record<string, unknown>)[field] = TOMBSTONE_CONTENT[field];
  return data;
}

// jsonb reorders object keys, so lists are compared field by field, not as JSON text. Two moves of a note
// to the Trash leave it in the same place whenever each device made it: only whether it is there counts.
const CANONICAL = NOTE_CONTENT_FIELDS.map(
  (field) =>
    [
      field,
      field === 'trashed_at' ? (value: unknown) => value !== null : canonicalizer(NOTE_FIELDS[field].value),
    ] as const,
);

function canonicalContent(note: NoteContent): string {
  return JSON.stringify(CANONICAL.map(([field, canonical]) => canonical(note[field])));
}

/** True when two notes hold the same user-visible content. */
export function sameContent(a: NoteContent, b: NoteContent): boolean {
  return canonicalContent(a) === canonicalContent(b);
}

// ---------------------------------------------------------------------------------------------------
// Push [S3] [S4] [S5]

/**
 * The row sent for a pending note. A note new to the server is sent with base revision 0, which no
 * stored row has: if its id already exists (an earlier send landed), the server answers 409 and the
 * resend rule decides [S6], so a resend can never overwrite another device's later edit.
 */
export function toWire(note: LocalNote): NoteWritable {
  // The server clears a tombstone's content; sending none keeps the request small. A tombstone still says
  // when its note went to the Trash: that is how the server tells a delete forever from an older client's
  // delete, which it turns into a move to the Trash [S30].
  return {
    ...pickData(note, note.deleted_at !== null),
    trashed_at: note.trashed_at,
    deleted_at: note.deleted_at,
    last_mutation_id: note.mutation_id,
    base_revision: note.base_revision ?? 0,
    revision: note.revision ?? 0,
  };
}

/** UTF-8 length of a string, without TextEncoder (core has no DOM or Node APIs). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Splits rows into request bodies of at most `maxRows` rows and `maxBytes` bytes of JSON [S5]. A single
 * row larger than `maxBytes` travels alone (the server decides whether it is too large).
 */
export function planBatches<T>(
  rows: readonly T[],
  maxRows = PUSH_BATCH_MAX_ROWS,
  maxBytes = PUSH_BATCH_MAX_BYTES,
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 2; // the array's brackets
  for (const row of rows) {
    const size = utf8Length(JSON.stringify(row)) + 1; // the row and its comma
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The local copy of a server row, keeping this device's conflict-copy mark. */
export function fromServer(row: NoteRow, local?: LocalNote): LocalNote {
  return {
    ...pickData(row, false),
    deleted_at: null,
    revision: row.revision,
    base_revision: row.revision,
    mutation_id: row.last_mutation_id,
    sent_mutation_ids: [],
    sync_state: 'synced',
    sync_error: null,
    conflict_of: local?.conflict_of ?? null,
    base_content: null,
    history_reason: null,
  };
}

/** The server's row replaces the local one (a tombstone removes it). */
function takeServer(row: NoteRow, local: LocalNote): LocalChanges {
  return row.deleted_at !== null ? remove(local.id) : put(fromServer(row, local));
}

/** Our earlier change is on the server at `row.revision`: the later local change now builds on it. */
function rebaseOnOwn(local: LocalNote, row: NoteRow, landedMutationId: string): LocalChanges {
  const index = local.sent_mutation_ids.indexOf(landedMutationId);
  // Sends older than the one that landed can no longer land (their base is gone): forget them too.
  const sent =
    index >= 0
      ? local.sent_mutation_ids.slice(index + 1)
      : local.sent_mutation_ids.filter((id) => id !== landedMutationId);
  return put({
    ...local,
    revision: row.revision,
    base_revision: row.revision,
    base_content: pickContent(row),
    sent_mutation_ids: sent,
  });
}

/** The server accepted the row sent with `sentMutationId` [S3]. */
export function pushAccepted(local: LocalNote | undefined, sentMutationId: string, row: NoteRow): LocalChanges {
  if (!local) return NO_CHANGES;
  if (local.mutation_id === sentMutationId) return takeServer(row, local);
  // Edited again while the push was in flight: stay pending on top of what just landed.
  return rebaseOnOwn(local, row, sentMutationId);
}

/**
 * What an accepted upsert's answer does to the local copies `current` of the rows sent [S5]. `complete`
 * when every sent row came back and had its local copy: then reading them again in the pull would change
 * nothing [S11].
 */
export function acceptedChanges(
  sent: readonly NoteWritable[],
  stored: readonly NoteRow[],
  current: ReadonlyMap<string, LocalNote>,
): { changes: LocalChanges; complete: boolean } {
  const byId = new Map(stored.map((row) => [row.id, row]));
  let complete = stored.length === sent.length;
  const changes: LocalChanges = { put: [], delete: [] };
  for (const row of sent) {
    const storedRow = byId.get(row.id);
    const local = current.get(row.id);
    if (!storedRow || !local) complete = false;
    if (!storedRow) continue;
    const result = pushAccepted(local, row.last_mutation_id ?? '', storedRow);
    changes.put.push(...result.put);
    changes.delete.push(...result.delete);
  }
  return { changes, complete };
}

/**
 * The results of several rules applied in order to the same notes (a push's answer, then pulled rows),
 * each rule seeing the notes as the ones before left them; `result()` is what to write, once.
 */
export class LocalChangeSet {
  private readonly notes: Map<string, LocalNote>;
  /** Note id → written (true) or removed (false). */
  private readonly touched = new Map<string, boolean>();

  constructor(current: ReadonlyMap<string, LocalNote>) {
    this.notes = new Map(current);
  }

  get(id: string): LocalNote | undefined {
    return this.notes.get(id);
  }

  /** Applies one rule's result: its removals, then its writes (as a store applies them). */
  apply(changes: LocalChanges): void {
    for (const id of changes.delete) {
      this.notes.delete(id);
      this.touched.set(id, false);
    }
    for (const note of changes.put) {
      this.notes.set(note.id, note);
      this.touched.set(note.id, true);
    }
  }

  result(): LocalChanges {
    const result: LocalChanges = { put: [], delete: [] };
    for (const [id, written] of this.touched) {
      if (written) result.put.push(this.notes.get(id)!);
      else result.delete.push(id);
    }
    return result;
  }
}

export type ConflictOutcome = 'duplicate' | 'rebased' | 'remote-wins' | 'same-change' | 'merged' | 'conflict-copy';

export interface ConflictResolution {
  outcome: ConflictOutcome;
  changes: LocalChanges;
}

/** A losing local version as a new note: same content, a visible title mark, pending [S7]. */
export function conflictCopy(local: LocalNote, ids: { id: string; mutationId: string; now: string }): LocalNote {
  const title = `${local.title}${CONFLICT_COPY_SUFFIX}`.trim();
  return {
    ...local,
    id: ids.id,
    title:
      title.length <= NOTE_LIMITS.title
        ? title
        : `${local.title.slice(0, NOTE_LIMITS.title - CONFLICT_COPY_SUFFIX.length)}${CONFLICT_COPY_SUFFIX}`,
    created_at: ids.now,
    deleted_at: null,
    revision: null,
    base_revision: null,
    mutation_id: ids.mutationId,
    sent_mutation_ids: [],
    sync_state: 'pending',
    sync_error: null,
    conflict_of: local.id,
    base_content: null,
    history_reason: null,
  };
}

/**
 * The id and first mutation id of the conflict copy that keeps the local change `mutationId` of note
 * `noteId` [S22]. Derived, not random: a screen that showed that change (its version's mutation id) finds
 * the copy again, and a write it makes follows its change there; a copy whose mutation id is still the
 * first one is unchanged since it was made.
 */
export function conflictCopyIds(noteId: string, mutationId: string): { id: string; mutationId: string } {
  return {
    id: derivedUuid(`conflict-copy:${noteId}:${mutationId}`),
    mutationId: derivedUuid(`conflict-copy-mutation:${noteId}:${mutationId}`),
  };
}

/** The mutation id of the merge of local change `mutationId` with the server's `current` row [S33]: derived, as [S22]. */
export function mergeMutationId(noteId: string, mutationId: string | null, current: NoteRow): string {
  return derivedUuid(`merge:${noteId}:${mutationId ?? ''}:${current.last_mutation_id ?? ''}:${current.revision}`);
}

/**
 * The local change merged with another device's `current` version, both made from the local base [S33]:
 * a pending change built on `current`, or null when they changed the same place (or the base is unknown).
 */
function mergedWith(local: LocalNote, current: NoteRow, mergeContent: MergeContent): LocalNote | null {
  const base = baseContentOf(local);
  if (base === null || local.deleted_at !== null || current.deleted_at !== null) return null;
  const outcome = mergeContent(base, pickContent(local), pickContent(current));
  if (!('merged' in outcome)) return null;
  return {
    ...local,
    ...outcome.merged,
    updated_at: local.updated_at > current.updated_at ? local.updated_at : current.updated_at,
    revision: current.revision,
    base_revision: current.revision,
    base_content: pickContent(current),
    mutation_id: mergeMutationId(local.id, local.mutation_id, current),
    // Every earlier send was made on the older base, which the server now refuses: none can land.
    sent_mutation_ids: [],
    sync_state: 'pending',
    sync_error: null,
  };
}

/**
 * The content the server's version of a note descends from, as far as this device knows: its base; for a
 * note new to the server whose sends went unanswered [S6], what it was when first sent (localEdit keeps it),
 * or, not edited since, what it is.
 */
function baseContentOf(local: LocalNote): NoteContent | null {
  return local.base_content ?? sentAsIs(local);
}

/** A note new to the server, as it is now, when it was sent so [S6]: a version the server may hold. */
export function sentAsIs(local: LocalNote): NoteContent | null {
  const sent =
    local.base_revision === null && local.mutation_id !== null && local.sent_mutation_ids.includes(local.mutation_id);
  return sent ? pickContent(local) : null;
}

/** core/note-merge.ts's mergeContent, passed in: it brings node-diff3, which the first load leaves out. */
export type MergeContent = (base: NoteContent, mine: NoteContent, theirs: NoteContent) => MergeOutcome;

/** Rules a push uses to settle a 409: without `merge`, every real conflict makes a copy (the rules before [S33]). */
export interface ConflictRules {
  merge: MergeContent | null;
}

/**
 * The server refused the row sent with `sentMutationId` because its base revision is stale (409) and
 * returned its current row [S6] [S7] [S8] [S33].
 */
export function pushConflict(
  local: LocalNote | undefined,
  sentMutationId: string,
  current: NoteRow,
  ids: { id: string; mutationId: string; now: string },
  rules: ConflictRules = { merge: null },
): ConflictResolution {
  if (!local) return { outcome: 'duplicate', changes: NO_CHANGES };
  const landed = current.last_mutation_id;
  if (landed !== null && landed === local.mutation_id) {
    return { outcome: 'duplicate', changes: takeServer(current, local) };
  }
  if (landed !== null && (landed === sentMutationId || local.sent_mutation_ids.includes(landed))) {
    return { outcome: 'rebased', changes: rebaseOnOwn(local, current, landed) };
  }
  // A real conflict: another device wrote since our base. The server keeps the note id.
  if (local.deleted_at !== null) return { outcome: 'remote-wins', changes: takeServer(current, local) };
  if (current.deleted_at === null && sameContent(local, current)) {
    return { outcome: 'same-change', changes: takeServer(current, local) };
  }
  const merged = rules.merge ? mergedWith(local, current, rules.merge) : null;
  if (merged) {
    // Our change is already in theirs: nothing is left to send.
    if (sameContent(merged, current)) return { outcome: 'same-change', changes: takeServer(current, local) };
    return { outcome: 'merged', changes: put(merged) };
  }
  const copy = conflictCopy(local, {
    ...(local.mutation_id ? conflictCopyIds(local.id, local.mutation_id) : ids),
    now: ids.now,
  });
  const original = takeServer(current, local);
  return { outcome: 'conflict-copy', changes: { put: [...original.put, copy], delete: original.delete } };
}

/** The server refused the row for good (validation) [S13]: the note shows the error and stops blocking. */
export function pushRejected(local: LocalNote | undefined, sentMutationId: string, message: string): LocalChanges {
  if (!local || local.mutation_id !== sentMutationId) return NO_CHANGES;
  return put({ ...local, sync_state: 'error', sync_error: message });
}

// ---------------------------------------------------------------------------------------------------
// Pull [S11] (what a pull reads, and its pages: sync-pull-plan.ts)

/** A row pulled from the server meets the local copy. */
export function pulledRow(local: LocalNote | undefined, row: NoteRow): LocalChanges {
  if (!local) return row.deleted_at !== null ? NO_CHANGES : put(fromServer(row));
  if (local.revision !== null && row.revision <= local.revision) return NO_CHANGES; // already seen
  if (local.sync_state === 'synced') return takeServer(row, local);
  const landed = row.last_mutation_id;
  if (landed !== null && landed === local.mutation_id) return takeServer(row, local);
  if (landed !== null && local.sent_mutation_ids.includes(landed)) return rebaseOnOwn(local, row, landed);
  // Someone else's change: the local change keeps its content and its base, so its next push meets
  // the new revision as a conflict and is resolved there [S7] [S8].
  return put({ ...local, revision: row.revision });
}
