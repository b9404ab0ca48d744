// Resolving a conflict copy (docs/sync.md [S23]): what 'Keep this version', 'Keep the other' and 'Keep
// both' write, as ordinary local writes [S1] made on the two versions the user compared [S20].
import type { LocalChanges, LocalNote } from './sync-rules';
import { CONFLICT_COPY_SUFFIX, pickContent } from './sync-rules';
import { editBasis, localEdit, localTrash, type NoteVersion } from './sync-local-writes';
import { isListed } from './trash';

export type ConflictChoice = 'keep-this' | 'keep-other' | 'keep-both';

const SUFFIX = CONFLICT_COPY_SUFFIX.trim();

/** True for a title the engine marked as a conflict copy's [S7]. */
export function hasConflictMark(title: string): boolean {
  return title.trimEnd().endsWith(SUFFIX);
}

/** The title without the conflict copy's mark (a copy of a copy loses every mark). */
export function withoutConflictMark(title: string): string {
  let out = title.trimEnd();
  while (out.endsWith(SUFFIX)) out = out.slice(0, -SUFFIX.length).trimEnd();
  return out;
}

/**
 * The note a copy conflicts with: the id this device recorded when it made the copy, else (a copy made
 * on another device carries no link, since `conflict_of` is local) the newest live note, not itself a
 * copy, whose title is the copy's without its mark. `candidates` are the user's live notes, newest first.
 */
type Linked = Pick<LocalNote, 'id' | 'title' | 'conflict_of'>;

export function findConflictOriginal<T extends Linked>(copy: Linked, candidates: readonly T[]): T | null {
  if (copy.conflict_of !== null) return candidates.find((note) => note.id === copy.conflict_of) ?? null;
  const title = withoutConflictMark(copy.title);
  if (title === '') return null;
  return (
    candidates.find(
      (note) =>
        note.id !== copy.id &&
        note.conflict_of === null &&
        !hasConflictMark(note.title) &&
        note.title.trimEnd() === title,
    ) ?? null
  );
}

export interface ResolveConflictInput {
  choice: ConflictChoice;
  /** The current local rows (undefined when gone). */
  copy: LocalNote | undefined;
  original: LocalNote | undefined;
  /** The versions the screen showed and the user compared; `seenOriginal` null when it showed none. */
  seenCopy: NoteVersion;
  seenOriginal: NoteVersion | null;
  isOwnMutation: (id: string) => boolean;
  mutationId: () => string;
  now: string;
}

export type ResolveConflictResult =
  /** The writes to commit in one transaction. */
  | { status: 'resolved'; changes: LocalChanges }
  /** The copy is gone already (resolved in another tab, or deleted): nothing to do. */
  | { status: 'gone' }
  /** A version the choice depends on changed since the user compared them: nothing is written. */
  | { status: 'changed' };

const live = (note: LocalNote | undefined): LocalNote | undefined => (note && isListed(note) ? note : undefined);

/**
 * [S23] 'keep-this': the original takes the copy's content (title without the mark) and the copy goes to
 * the Trash; with no original left, the copy simply stops being a copy. 'keep-other': the copy goes to the
 * Trash. The side not kept stays restorable there [S29], so a mistaken choice loses nothing.
 * 'keep-both': the copy loses its mark and link and stays a note of its own.
 */
export function resolveConflict(input: ResolveConflictInput): ResolveConflictResult {
  const copy = live(input.copy);
  if (!copy) return { status: 'gone' };
  if (editBasis(copy, input.seenCopy, input.isOwnMutation) !== 'current') return { status: 'changed' };
  const original = live(input.original);
  const unmark = (): LocalNote => ({
    ...localEdit(copy, { title: withoutConflictMark(copy.title) }, input.mutationId(), input.now),
    conflict_of: null,
  });

  if (input.choice === 'keep-other')
    return { status: 'resolved', changes: { put: [localTrash(copy, input.mutationId(), input.now)], delete: [] } };
  if (input.choice === 'keep-both' || !original)
    return { status: 'resolved', changes: { put: [unmark()], delete: [] } };

  // Overwriting the original is only right if it is still the version the user compared with.
  if (!input.seenOriginal || editBasis(original, input.seenOriginal, input.isOwnMutation) !== 'current')
    return { status: 'changed' };
  // The original's text is replaced: its history keeps it, whichever device wrote it (docs/history.md).
  const kept: LocalNote = {
    ...localEdit(
      original,
      { ...pickContent(copy), title: withoutConflictMark(copy.title) },
      input.mutationId(),
      input.now,
    ),
    history_reason: 'conflict',
  };
  const dropped = localTrash(copy, input.mutationId(), input.now);
  return { status: 'resolved', changes: { put: [kept, dropped], delete: [] } };
}
