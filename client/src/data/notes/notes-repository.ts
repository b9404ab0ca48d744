// Note writes for screens [S1]: validated, committed to this device first (a confirmed write), marked
// pending, then a sync is requested; the returned `cloud` promise tells how that sync went, for toasts.
import { NOTE_LIMITS } from '#core/note-constants';
import { EMPTY_CONTENT, type NoteContent, type ReadonlyLists } from '#core/note-fields';
import { withListsRepaired } from '#core/note-lenient';
import { randomUuid } from '#core/random-id';
import type { LocalChanges, LocalNote } from '#core/sync-rules';
import { conflictCopy, conflictCopyIds, pickContent, sameContent } from '#core/sync-rules';
import {
  editBasis,
  type EditBasis,
  localCreate,
  type SeenBase,
  localDelete,
  localDiscard,
  localEdit,
  localTrash,
} from '#core/sync-local-writes';
import { resolveConflict, type ConflictChoice } from '#core/conflict-resolution';
import type { MergeContent } from '#core/sync-rules';
import type { StatedHistoryReason } from '#core/history';
import { isTag, normalizeTags, noteTags, renamedTag, renameInlineTags, tagWithin } from '#core/tags';
import { inTrash, isListed } from '#core/trash';
import type { CloudOutcome } from './cloud-outcome';
import type { LocalStore } from './local-store';
import { toNoteView, type MadeNote, type NoteView } from './local-note';
import { NOTE_ERRORS } from './messages';
import { NoteValidationError } from './note-validation-error';
import type { SyncRunResult } from './sync-controller';

/** A new note: a title, and any other content (the rest is empty, core/note-fields.ts). */
export type NoteInput = Pick<NoteContent, 'title'> & Partial<ReadonlyLists<NoteContent>>;

export type NotePatch = Partial<NoteInput>;

export interface NoteWriteResult {
  note: NoteView;
  /**
   * True when the note had been changed in another tab since `basedOn` and this edit was therefore
   * saved as a new conflict copy (`note` is that copy) [S20].
   */
  savedAsCopy: boolean;
  /** Settles (never rejects) after the sync this write requested. */
  cloud: Promise<CloudOutcome>;
}

export interface NoteDeleteResult {
  id: string;
  /** True when another tab had changed the note since `basedOn`: the deletion was not applied [S20]. */
  kept: boolean;
  cloud: Promise<CloudOutcome>;
}

export interface NoteTrashResult {
  /**
   * 'done': written; 'changed': another tab changed the note since the screen showed it, nothing was
   * written [S20]; 'gone': the note is no longer in the Trash (restored or deleted elsewhere).
   */
  status: 'done' | 'changed' | 'gone';
  cloud: Promise<CloudOutcome>;
}

const SYNCED: Promise<CloudOutcome> = Promise.resolve({ status: 'synced' });

/**
 * Where a note is to be kept: pinned or not, archived or not, kept out of the assistant or not (issue 34);
 * a member left out stays as it is.
 */
export interface Placement {
  pinned?: boolean;
  archived?: boolean;
  aiExcluded?: boolean;
}

export interface NotePlaceResult {
  /** 'unchanged': the note was already so, or is no longer in the lists (in the Trash, or gone). */
  status: 'done' | 'unchanged';
  cloud: Promise<CloudOutcome>;
}

export interface ConflictResolveResult {
  /** 'changed': a compared version changed meanwhile and nothing was written; 'gone': nothing left to resolve. */
  status: 'resolved' | 'changed' | 'gone';
  cloud: Promise<CloudOutcome>;
}

/** Why a rename was refused: the name given holds nothing of a tag. */
export const TAG_NAME_INVALID = 'A tag holds letters, digits, _ and -, in names joined by /.';

export interface TagRenameResult {
  /** How many notes changed. */
  count: number;
  /** Settles (never rejects) after the sync the rename requested. */
  cloud: Promise<CloudOutcome>;
}

export { NoteValidationError };

export interface WriteOptions {
  /**
   * The note as the screen showed it (the NoteView it edited). Without it the write applies to whatever
   * the current local copy is; with it, a change made meanwhile elsewhere is never overwritten [S20].
   */
  basedOn?: NoteView;
  /**
   * Why this edit replaces the note's content, when the server cannot see it: applying an assistant's
   * result ('ai'). The note's history then keeps the version it replaces (docs/history.md).
   */
  history?: StatedHistoryReason;
}

export interface NotesRepositoryDeps {
  store: LocalStore;
  /** The signed-in user's id, or null. */
  getUserId: () => string | null;
  /** Requests a sync and resolves with its outcome; absent when sync is not running. */
  syncAfterWrite?: () => Promise<SyncRunResult>;
  now?: () => Date;
  makeId?: () => string;
  /** Merge an edit into a version its screen never saw [S33] (default); off only to measure the rules before it. */
  merges?: boolean;
}

/**
 * The content checks (core/note.ts's schemas), loaded with the first write rather than with the notes:
 * showing notes never needs them (issue 10). A write awaits them before its transaction starts.
 */
const contentCheck = () => import('./note-content-check').then((module) => module.validContent);
/** The merge of concurrent edits [S33], loaded with the first edit for the same reason (node-diff3). */
const contentMerge = () => import('#core/note-merge').then((module) => module.mergeContent);

/** Lists as stored: checklist items normalised (malformed → 'Item'), an empty chat history → null. */
function normalizePatch(patch: NotePatch): Partial<NoteContent> {
  return withListsRepaired(patch);
}

/** Where a conflict copy of the version `seen` of note `id` would be, had a push made one [S22]. */
function copyHolding(id: string, seen: NoteView | undefined): { id: string; mutationId: string } | null {
  const mutationId = seen?.id === id ? seen.version.mutationId : null;
  return mutationId ? conflictCopyIds(id, mutationId) : null;
}

/** That copy, if it exists, is the user's and still holds exactly the version it was made from. */
function unchangedCopy(
  current: ReadonlyMap<string, LocalNote>,
  moved: { id: string; mutationId: string } | null,
  userId: string,
): LocalNote | null {
  const copy = moved ? current.get(moved.id) : undefined;
  return copy && copy.user_id === userId && isListed(copy) && copy.mutation_id === moved?.mutationId ? copy : null;
}

/** The version a screen showed, as the base of a write made on it [S20] [S33]. */
function seenBase(seen: NoteView | undefined): SeenBase | undefined {
  return seen ? { revision: seen.version.baseRevision, content: pickContent(seen) } : undefined;
}

/**
 * A screen's edit of the version `seen`, merged into `current`, a version it never saw, where they do not
 * overlap [S33]; null when both changed the same place.
 */
function mergedEdit(
  mergeContent: MergeContent,
  seen: NoteView,
  changes: Partial<NoteContent>,
  current: LocalNote,
): NoteContent | null {
  const outcome = mergeContent(pickContent(seen), pickContent({ ...seen, ...changes }), pickContent(current));
  return 'merged' in outcome ? outcome.merged : null;
}

/**
 * What renaming the tag `from` to `to` (null: deleting it) changes in a note: its own tags, and its text's
 * `#tags` (a deleted one keeps its word); only the fields that change, or null when the note has none of
 * `from`. Throws NoteValidationError when a renamed tag inside `from` would be longer than a tag may be.
 */
function tagRenamePatch(note: NoteContent, from: string, to: string | null): Partial<NoteContent> | null {
  for (const tag of noteTags(note)) {
    const renamed = renamedTag(tag, from, to);
    if (renamed !== null && !isTag(renamed))
      throw new NoteValidationError(
        `A tag holds at most ${NOTE_LIMITS.tagLength} characters; renamed, #${tag} would be #${renamed}.`,
      );
  }
  const patch: Partial<NoteContent> = {};
  if (note.tags?.some((tag) => tagWithin(tag, from))) {
    const tags = normalizeTags(note.tags.map((tag) => renamedTag(tag, from, to)));
    patch.tags = tags.length === 0 ? null : tags;
  }
  const content = renameInlineTags(note.content, from, to);
  if (content !== note.content) patch.content = content;
  const expanded = note.expanded_content === null ? null : renameInlineTags(note.expanded_content, from, to);
  if (expanded !== note.expanded_content) patch.expanded_content = expanded;
  const items = note.checklist_items?.map((item) => {
    const text = renameInlineTags(item.text, from, to);
    return text === item.text ? item : { ...item, text };
  });
  if (items?.some((item, i) => item !== note.checklist_items?.[i])) patch.checklist_items = items;
  return Object.keys(patch).length > 0 ? patch : null;
}

export class NotesRepository {
  private readonly now: () => Date;
  private readonly makeId: () => string;
  /** Mutations written through this repository (this tab): successive own writes are never stale. */
  private readonly own = new Set<string>();

  constructor(private readonly deps: NotesRepositoryDeps) {
    this.now = deps.now ?? (() => new Date());
    this.makeId = deps.makeId ?? randomUuid;
  }

  async createNote(input: NoteInput): Promise<NoteWriteResult> {
    const userId = this.requireUser();
    const validContent = await contentCheck();
    const content = validContent({ ...EMPTY_CONTENT, ...normalizePatch(input) });
    const note = localCreate(content, {
      id: this.makeId(),
      userId,
      mutationId: this.mutationId(),
      now: this.now().toISOString(),
    });
    await this.deps.store.modify([note.id], () => ({ put: [note], delete: [] }));
    return { note: toNoteView(note), savedAsCopy: false, cloud: this.cloudOutcome(note.id, note.mutation_id) };
  }

  async updateNote(
    id: string | null | undefined,
    patch: NotePatch,
    options: WriteOptions = {},
  ): Promise<NoteWriteResult> {
    if (!id) throw new NoteValidationError(NOTE_ERRORS.idRequired);
    const userId = this.requireUser();
    const validContent = await contentCheck();
    const merge = this.deps.merges === false ? null : await contentMerge();
    const changes = normalizePatch(patch);
    const seen = options.basedOn;
    let written: LocalNote | null = null;
    let savedAsCopy = false;
    const moved = copyHolding(id, seen);
    await this.deps.store.modify(moved ? [id, moved.id] : [id], (current) => {
      const now = this.now().toISOString();
      const copy = unchangedCopy(current, moved, userId);
      if (copy) {
        // The version this screen showed was moved into a conflict copy: the edit follows it there [S22].
        written = localEdit(copy, changes, this.mutationId(), now);
        validContent(written);
        savedAsCopy = true;
        return { put: [written], delete: [] };
      }
      const found = current.get(id);
      const note = found && found.user_id === userId && isListed(found) ? found : null;
      if (!note) {
        // Deleted or trashed meanwhile (by a pull or another tab): an edit of what the user saw survives as
        // a copy [S7] [S29].
        if (!seen || seen.id !== id || seen.user_id !== userId) throw new NoteValidationError(NOTE_ERRORS.notFound);
        written = this.copyOf({ ...seen, ...changes }, userId, id, now);
      } else {
        const basis = this.basisOf(note, seen);
        // An edit of a version the screen showed, which changed since (another tab, a pull, a merge):
        // merged into the current one where they do not overlap [S33].
        const merged = basis !== 'current' && seen && merge ? mergedEdit(merge, seen, changes, note) : null;
        if (basis === 'current' || merged) {
          written = localEdit(note, merged ?? changes, this.mutationId(), now);
        } else if (basis === 'changed-elsewhere') {
          // Both versions are unsynced changes of this device: the current one keeps the note.
          written = this.copyOf({ ...pickContent(note), ...changes }, userId, id, now);
        } else {
          written = localEdit(note, changes, this.mutationId(), now, seenBase(seen));
        }
      }
      validContent(written);
      savedAsCopy = written.id !== id;
      if (!savedAsCopy && options.history) written = { ...written, history_reason: options.history };
      return { put: [written], delete: [] };
    });
    const note = written as LocalNote | null;
    if (!note) throw new NoteValidationError(NOTE_ERRORS.notFound);
    return { note: toNoteView(note), savedAsCopy, cloud: this.cloudOutcome(note.id, note.mutation_id) };
  }

  /**
   * Moves a note to the Trash [S29]: its content stays and it can be restored. Deleting a note that is
   * already gone or in the Trash is a success; a note changed elsewhere since `basedOn` stays [S20].
   */
  async deleteNote(id: string | null | undefined, options: WriteOptions = {}): Promise<NoteDeleteResult> {
    if (!id) throw new NoteValidationError(NOTE_ERRORS.idRequired);
    const userId = this.requireUser();
    let kept = false;
    let changed = false;
    let target = id;
    let mutationId: string | null = null;
    const moved = copyHolding(id, options.basedOn);
    await this.deps.store.modify(moved ? [id, moved.id] : [id], (current): LocalChanges => {
      const now = this.now().toISOString();
      const copy = unchangedCopy(current, moved, userId);
      if (copy) {
        // The user deletes the version they saw, which a conflict copy now holds: the copy goes [S22].
        changed = true;
        target = copy.id;
        mutationId = this.mutationId();
        return { put: [localTrash(copy, mutationId, now)], delete: [] };
      }
      const note = current.get(id);
      if (!note || !isListed(note)) return { put: [], delete: [] };
      if (note.user_id !== userId) throw new NoteValidationError(NOTE_ERRORS.notFound);
      const basis = this.basisOf(note, options.basedOn);
      if (basis === 'changed-elsewhere') {
        kept = true; // a deletion loses to an edit it did not see [S8]
        return { put: [], delete: [] };
      }
      changed = true;
      const staleBase = basis === 'replaced-by-server' ? seenBase(options.basedOn) : undefined;
      mutationId = this.mutationId();
      return { put: [localTrash(note, mutationId, now, staleBase)], delete: [] };
    });
    return { id: target, kept, cloud: changed ? this.cloudOutcome(target, mutationId) : SYNCED };
  }

  /**
   * Brings a note back from the Trash exactly as it was [S29]: to the lists it was in. A note no longer in
   * the Trash (restored elsewhere, or deleted for good) is left as it is: `restored` says which.
   */
  async restoreNote(id: string, options: WriteOptions = {}): Promise<NoteTrashResult> {
    return this.changeTrashed(id, options, (note, mutationId, _now, staleBase) => ({
      put: [localTrash(note, mutationId, null, staleBase)],
      delete: [],
    }));
  }

  /**
   * Deletes a note in the Trash for good [S30]: a tombstone, as before the Trash. Only a note in the Trash
   * can go this way; one restored elsewhere meanwhile stays [S8].
   */
  async deleteForever(id: string, options: WriteOptions = {}): Promise<NoteTrashResult> {
    return this.changeTrashed(id, options, (note, mutationId, now, staleBase) =>
      localDelete(note, mutationId, now, staleBase),
    );
  }

  /** Deletes every note in the user's Trash for good [S30]; resolves with how many went. */
  async emptyTrash(ids: readonly string[]): Promise<{ count: number; cloud: Promise<CloudOutcome> }> {
    const userId = this.requireUser();
    let count = 0;
    // A tombstone the server must learn of tells how the sync went; notes it never had just went.
    let sent: LocalNote | undefined;
    await this.deps.store.modify(ids, (current): LocalChanges => {
      const changes: LocalChanges = { put: [], delete: [] };
      const now = this.now().toISOString();
      for (const note of current.values()) {
        if (note.user_id !== userId || !inTrash(note)) continue;
        const result = localDelete(note, this.mutationId(), now);
        changes.put.push(...result.put);
        changes.delete.push(...result.delete);
        count++;
      }
      sent = changes.put[0];
      return changes;
    });
    const tombstone = sent as LocalNote | undefined;
    return { count, cloud: tombstone ? this.cloudOutcome(tombstone.id, tombstone.mutation_id) : SYNCED };
  }

  /**
   * Renames the tag `from`, and every tag inside it, to `to` in all the user's notes, or deletes it (`to`
   * null): in their own tags and where their text writes it. Archived notes and those in the Trash change
   * too, so that the old tag is left nowhere to come back with a restore. Each changed note is an edit like
   * updateNote's, made on the note as it is now; all of them are written in one transaction, or none.
   */
  async renameTag(from: string, to: string | null): Promise<TagRenameResult> {
    const userId = this.requireUser();
    if (!isTag(from) || (to !== null && !isTag(to))) throw new NoteValidationError(TAG_NAME_INVALID);
    if (from === to) return { count: 0, cloud: SYNCED };
    const validContent = await contentCheck();
    // Every note of the user on this device: the tag index knows only the listed ones. A note the server
    // refused (sync_state 'error') is in neither list; the store has no listing of those.
    const [synced, pending] = await Promise.all([
      this.deps.store.listSyncedIds(userId),
      this.deps.store.listPending(userId),
    ]);
    const ids = [...synced, ...pending.map((note) => note.id)];
    let written: LocalNote[] = [];
    await this.deps.store.modify(ids, (current): LocalChanges => {
      const now = this.now().toISOString();
      written = [];
      for (const note of current.values()) {
        if (note.user_id !== userId || note.deleted_at !== null) continue;
        const patch = tagRenamePatch(note, from, to);
        if (!patch) continue;
        const edited = localEdit(note, patch, this.mutationId(), now);
        validContent(edited);
        written.push(edited);
      }
      return { put: written, delete: [] };
    });
    const first = written[0];
    return { count: written.length, cloud: first ? this.cloudOutcome(first.id, first.mutation_id) : SYNCED };
  }

  /**
   * How a write made on the version `seen` relates to the local copy [S20]. A copy that changed since but
   * holds exactly what the screen showed (a merge that changed nothing the user sees [S33], the same edit
   * made elsewhere) is the version it showed: writing on it overwrites nothing unseen.
   */
  private basisOf(note: LocalNote, seen: NoteView | undefined): EditBasis {
    const basis = editBasis(note, seen?.version, (m) => this.own.has(m));
    return basis !== 'current' && seen && sameContent(seen, note) ? 'current' : basis;
  }

  /**
   * Pins or unpins, archives or brings back a listed note (issue 33), keeps it out of the assistant or lets
   * it back in (issue 34): a change of where it is kept, made on the note as it is now. It touches no other
   * field, so it needs no base the screen showed: an edit made meanwhile elsewhere stays as it is. Archiving unpins: an archived note is in no list to lead.
   * The note keeps its updated_at, as a move to the Trash does.
   */
  async placeNote(id: string, placement: Placement): Promise<NotePlaceResult> {
    const userId = this.requireUser();
    let mutationId: string | null = null;
    await this.deps.store.modify([id], (current): LocalChanges => {
      const note = current.get(id);
      if (!note || note.user_id !== userId || !isListed(note)) return { put: [], delete: [] };
      const now = this.now().toISOString();
      const patch: Partial<NoteContent> = {};
      if (placement.pinned !== undefined) patch.pinned_at = placement.pinned ? (note.pinned_at ?? now) : null;
      if (placement.archived !== undefined) {
        patch.archived_at = placement.archived ? (note.archived_at ?? now) : null;
        if (placement.archived) patch.pinned_at = null;
      }
      if (placement.aiExcluded !== undefined) patch.ai_excluded = placement.aiExcluded;
      if (Object.entries(patch).every(([field, value]) => note[field as keyof NoteContent] === value))
        return { put: [], delete: [] };
      mutationId = this.mutationId();
      return { put: [localEdit(note, patch, mutationId, note.updated_at)], delete: [] };
    });
    const placed = mutationId as string | null;
    return { status: placed ? 'done' : 'unchanged', cloud: placed ? this.cloudOutcome(id, placed) : SYNCED };
  }

  /**
   * Deletes for good a note that is still exactly the version `created` (a quick note its editor left
   * without a save, issue 33): nothing the user wrote goes. A note written since (another tab, a pull) is
   * kept. It becomes a tombstone that says when it went to the Trash, so the server deletes it for good
   * rather than keep it there [S30] (localDiscard: why even a note never sent gets one).
   */
  async discardUntouched(created: MadeNote): Promise<{ discarded: boolean }> {
    const userId = this.requireUser();
    let mutationId: string | null = null;
    await this.deps.store.modify([created.id], (current): LocalChanges => {
      const note = current.get(created.id);
      if (!note || note.user_id !== userId || !isListed(note) || note.mutation_id !== created.version.mutationId)
        return { put: [], delete: [] };
      mutationId = this.mutationId();
      return localDiscard(note, mutationId, this.now().toISOString());
    });
    const discarded = mutationId !== null;
    // Nobody is told how its sync went: there is nothing left to tell about.
    if (discarded) void this.cloudOutcome(created.id, mutationId);
    return { discarded };
  }

  /** A change of a note in the Trash, made on the version the screen showed [S20]. */
  private async changeTrashed(
    id: string,
    options: WriteOptions,
    change: (note: LocalNote, mutationId: string, now: string, staleBase: SeenBase | undefined) => LocalChanges,
  ): Promise<NoteTrashResult> {
    const userId = this.requireUser();
    let mutationId: string | null = null;
    let status: NoteTrashResult['status'] = 'gone';
    await this.deps.store.modify([id], (current): LocalChanges => {
      const note = current.get(id);
      if (!note || note.user_id !== userId || !inTrash(note)) return { put: [], delete: [] };
      const basis = this.basisOf(note, options.basedOn);
      if (basis === 'changed-elsewhere') {
        status = 'changed';
        return { put: [], delete: [] };
      }
      status = 'done';
      const staleBase = basis === 'replaced-by-server' ? seenBase(options.basedOn) : undefined;
      mutationId = this.mutationId();
      return change(note, mutationId, this.now().toISOString(), staleBase);
    });
    const settled = status as NoteTrashResult['status'];
    return { status: settled, cloud: settled === 'done' ? this.cloudOutcome(id, mutationId) : SYNCED };
  }

  /**
   * Resolves a conflict copy [S23] as the screen showed it and the note it conflicts with (null when the
   * screen found none): both writes commit in one transaction, then a sync is requested.
   */
  async resolveConflict(
    copy: NoteView,
    original: NoteView | null,
    choice: ConflictChoice,
  ): Promise<ConflictResolveResult> {
    const userId = this.requireUser();
    const validContent = await contentCheck();
    let status: ConflictResolveResult['status'] = 'gone';
    await this.deps.store.modify(original ? [copy.id, original.id] : [copy.id], (current): LocalChanges => {
      const mine = (id: string) => {
        const note = current.get(id);
        return note && note.user_id === userId ? note : undefined;
      };
      const result = resolveConflict({
        choice,
        copy: mine(copy.id),
        original: original ? mine(original.id) : undefined,
        seenCopy: copy.version,
        seenOriginal: original?.version ?? null,
        isOwnMutation: (m) => this.own.has(m),
        mutationId: () => this.mutationId(),
        now: this.now().toISOString(),
      });
      status = result.status;
      if (result.status !== 'resolved') return { put: [], delete: [] };
      for (const note of result.changes.put) if (note.deleted_at === null) validContent(note);
      return result.changes;
    });
    const settled = status as ConflictResolveResult['status'];
    return {
      status: settled,
      cloud: settled === 'resolved' ? this.cloudOutcome(original?.id ?? copy.id, null) : SYNCED,
    };
  }

  private copyOf(content: NoteContent, userId: string, of: string, now: string): LocalNote {
    const base = localCreate(pickContent(content), { id: of, userId, mutationId: '', now });
    return conflictCopy(base, { id: this.makeId(), mutationId: this.mutationId(), now });
  }

  async getNote(id: string): Promise<NoteView | null> {
    const userId = this.deps.getUserId();
    const note = await this.deps.store.get(id);
    return note && userId && note.user_id === userId && isListed(note) ? toNoteView(note) : null;
  }

  private mutationId(): string {
    const id = this.makeId();
    this.own.add(id);
    return id;
  }

  private requireUser(): string {
    const userId = this.deps.getUserId();
    if (!userId) throw new NoteValidationError(NOTE_ERRORS.notAuthenticated);
    return userId;
  }

  /**
   * How the sync after the write `mutationId` of note `id` went. A later write of the same note on this
   * device (an edit typed while the note was being created) supersedes it: the note may still wait for
   * that write when the run ends, which says nothing about this one, and the later write reports it.
   */
  private async cloudOutcome(id: string, mutationId: string | null): Promise<CloudOutcome> {
    if (!this.deps.syncAfterWrite) return { status: 'offline' };
    try {
      const result = await this.deps.syncAfterWrite();
      if (!result.ok && result.offline) return { status: 'offline' };
      const note = await this.deps.store.get(id);
      if (!note || note.sync_state === 'synced') return { status: 'synced' };
      if (mutationId !== null && note.mutation_id !== mutationId && this.own.has(note.mutation_id ?? ''))
        return { status: 'superseded' };
      if (note.sync_state === 'error') return { status: 'rejected', error: note.sync_error ?? 'Refused by the server' };
      const error = result.ok
        ? 'The change is still waiting to sync'
        : String(result.error instanceof Error ? result.error.message : result.error);
      return { status: 'failed', error };
    } catch (error) {
      return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }
}
