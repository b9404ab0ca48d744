import { describe, expect, it } from 'vitest';
import type { NoteRow } from './note';
import { EMPTY_CONTENT } from './note-fields';
import {
  findConflictOriginal,
  hasConflictMark,
  resolveConflict,
  withoutConflictMark,
  type ResolveConflictInput,
} from './conflict-resolution';
import { conflictCopy, fromServer, type LocalNote } from './sync-rules';
import { localEdit, versionOf } from './sync-local-writes';

const USER = '00000000-0000-4000-8000-000000000001';
const T0 = '2024-05-01T10:00:00.000Z';
const T1 = '2024-05-01T11:00:00.000Z';

function synced(patch: Partial<NoteRow> = {}): LocalNote {
  return fromServer({
    id: 'original',
    user_id: USER,
    ...EMPTY_CONTENT,
    title: 'Shared',
    content: 'server text',
    created_at: T0,
    updated_at: T0,
    revision: 10,
    deleted_at: null,
    last_mutation_id: 'm-other',
    ...patch,
  });
}

const original = synced();
const copy = conflictCopy(
  { ...original, content: 'my text', mutation_id: 'm-mine' },
  { id: 'copy', mutationId: 'm-copy', now: T1 },
);
let n = 0;
const input = (patch: Partial<ResolveConflictInput>): ResolveConflictInput => ({
  choice: 'keep-this',
  copy,
  original,
  seenCopy: versionOf(copy),
  seenOriginal: versionOf(original),
  isOwnMutation: () => false,
  mutationId: () => `m-${++n}`,
  now: T1,
  ...patch,
});

describe('[S23] conflict copies', () => {
  it('reads and removes the mark the engine adds', () => {
    expect(hasConflictMark(copy.title)).toBe(true);
    expect(hasConflictMark('Shared')).toBe(false);
    expect(withoutConflictMark('Shared (conflict copy) (conflict copy)')).toBe('Shared');
  });

  it('finds the original by the recorded link, else by the title without the mark', () => {
    const other = { ...original, id: 'other', title: 'Other' };
    expect(findConflictOriginal(copy, [copy, other, original])?.id).toBe('original');
    const pulled = { ...copy, conflict_of: null };
    expect(findConflictOriginal(pulled, [pulled, other, original])?.id).toBe('original');
    expect(findConflictOriginal({ ...pulled, title: 'Gone (conflict copy)' }, [pulled, other, original])).toBeNull();
    // A link to a note no longer here finds nothing, even if a title matches.
    expect(findConflictOriginal({ ...copy, conflict_of: 'deleted' }, [original])).toBeNull();
  });
});

describe('[S23] resolving a conflict', () => {
  it('keep this version: the original takes the copy content under its own title, the copy goes to the Trash [S29]', () => {
    const result = resolveConflict(input({}));
    expect(result.status).toBe('resolved');
    if (result.status !== 'resolved') return;
    expect(result.changes.delete).toEqual([]);
    const [kept, dropped] = result.changes.put;
    expect(dropped).toMatchObject({
      id: 'copy',
      content: 'my text',
      trashed_at: T1,
      deleted_at: null,
      sync_state: 'pending',
    });
    expect(kept).toMatchObject({
      id: 'original',
      title: 'Shared',
      content: 'my text',
      sync_state: 'pending',
      base_revision: 10,
      // The push names it, so the server's history keeps the text it replaces.
      history_reason: 'conflict',
    });
  });

  it('keep this version: a copy the server has goes to the Trash on its revision, its content kept [S29]', () => {
    const sentCopy = { ...copy, sync_state: 'synced' as const, revision: 12, base_revision: 12 };
    const result = resolveConflict(input({ copy: sentCopy, seenCopy: versionOf(sentCopy) }));
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.changes.delete).toEqual([]);
    expect(result.changes.put.map((note) => [note.id, note.trashed_at !== null, note.base_revision])).toEqual([
      ['original', false, 10],
      ['copy', true, 12],
    ]);
  });

  it('keep the other: only the copy goes, to the Trash, whatever the original became [S29]', () => {
    const changedOriginal = localEdit(original, { content: 'newer' }, 'm-tab', T1);
    const result = resolveConflict(input({ choice: 'keep-other', original: changedOriginal }));
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.changes).toEqual({
      put: [expect.objectContaining({ id: 'copy', content: 'my text', trashed_at: T1, updated_at: copy.updated_at })],
      delete: [],
    });
  });

  it('keep both: the copy loses its mark and link and stays', () => {
    const result = resolveConflict(input({ choice: 'keep-both' }));
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.changes.put).toEqual([
      expect.objectContaining({
        id: 'copy',
        title: 'Shared',
        content: 'my text',
        conflict_of: null,
        sync_state: 'pending',
      }),
    ]);
  });

  it('with the original gone, keeping this version keeps the copy as a plain note', () => {
    const result = resolveConflict(input({ original: undefined }));
    if (result.status !== 'resolved') throw new Error(result.status);
    expect(result.changes.put).toEqual([expect.objectContaining({ id: 'copy', title: 'Shared', conflict_of: null })]);
  });

  it('[S20] writes nothing when a compared version changed meanwhile, and nothing for a copy already gone', () => {
    const editedElsewhere = localEdit(original, { content: 'other tab' }, 'm-tab', T1);
    expect(resolveConflict(input({ original: editedElsewhere }))).toEqual({ status: 'changed' });
    const pulledNewer = synced({ revision: 11, last_mutation_id: 'm-third', content: 'third device' });
    expect(resolveConflict(input({ original: pulledNewer }))).toEqual({ status: 'changed' });
    const copyEdited = localEdit(copy, { content: 'edited again' }, 'm-tab', T1);
    expect(resolveConflict(input({ choice: 'keep-other', copy: copyEdited }))).toEqual({ status: 'changed' });
    expect(resolveConflict(input({ copy: undefined }))).toEqual({ status: 'gone' });
    // The screen found no original but one exists now: the user did not compare with it.
    expect(resolveConflict(input({ seenOriginal: null }))).toEqual({ status: 'changed' });
  });
});
