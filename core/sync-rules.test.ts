import { describe, expect, it } from 'vitest';
import type { NoteRow } from './note';
import { noteWritableSchema } from './note';
import { EMPTY_CONTENT } from './note-fields';
import { mergeContent } from './note-merge';
import type { LocalNote } from './sync-rules';
import { editBasis, localCreate, localDelete, localEdit, versionOf } from './sync-local-writes';
import {
  acceptedChanges,
  CONFLICT_COPY_SUFFIX,
  conflictCopy,
  conflictCopyIds,
  fromServer,
  LocalChangeSet,
  mergeMutationId,
  pickContent,
  planBatches,
  pulledRow,
  pushAccepted,
  pushConflict,
  pushRejected,
  sameContent,
  toWire,
  utf8Length,
} from './sync-rules';

const USER = '00000000-0000-4000-8000-000000000001';
const NOTE = '00000000-0000-4000-8000-0000000000aa';
const T0 = '2024-05-01T10:00:00.000Z';
const T1 = '2024-05-01T11:00:00.000Z';
const ids = { id: '00000000-0000-4000-8000-0000000000cc', mutationId: 'm-copy', now: T1 };
const MERGES = { merge: mergeContent };

function serverRow(patch: Partial<NoteRow> = {}): NoteRow {
  return {
    id: NOTE,
    user_id: USER,
    ...EMPTY_CONTENT,
    title: 'Server title',
    content: 'server',
    created_at: T0,
    updated_at: T0,
    revision: 10,
    deleted_at: null,
    last_mutation_id: 'm-other',
    ...patch,
  };
}

const synced = (patch: Partial<NoteRow> = {}): LocalNote => fromServer(serverRow(patch));
const content = { ...EMPTY_CONTENT, title: 'T', content: 'c' };

describe('local writes', () => {
  it('[S1] [S2] [S4] a created note is pending and new to the server', () => {
    const note = localCreate(content, { id: NOTE, userId: USER, mutationId: 'm1', now: T0 });
    expect(note).toMatchObject({
      sync_state: 'pending',
      revision: null,
      base_revision: null,
      mutation_id: 'm1',
      deleted_at: null,
    });
  });

  it('[S3] [S4] an edit of a synced note takes a new mutation id and its revision as base', () => {
    const edited = localEdit(synced(), { content: 'mine' }, 'm1', T1);
    expect(edited).toMatchObject({
      content: 'mine',
      base_revision: 10,
      mutation_id: 'm1',
      sync_state: 'pending',
      updated_at: T1,
    });
  });

  it('[S4] a second edit while pending keeps the first base even after a newer revision was seen', () => {
    const first = localEdit(synced(), { content: 'a' }, 'm1', T1);
    const seen = { ...first, revision: 12 };
    expect(localEdit(seen, { content: 'b' }, 'm2', T1)).toMatchObject({ base_revision: 10, mutation_id: 'm2' });
  });

  it('[S13] editing a refused note clears its error and makes it pending again', () => {
    const refused: LocalNote = {
      ...localEdit(synced(), { content: 'x' }, 'm1', T1),
      sync_state: 'error',
      sync_error: 'bad',
    };
    expect(localEdit(refused, { content: 'y' }, 'm2', T1)).toMatchObject({
      sync_state: 'pending',
      sync_error: null,
      base_revision: 10,
    });
  });

  it('[S9] deleting a note the server never had removes it; any other becomes a pending tombstone', () => {
    const fresh = localCreate(content, { id: NOTE, userId: USER, mutationId: 'm1', now: T0 });
    expect(localDelete(fresh, 'm2', T1)).toEqual({ put: [], delete: [NOTE] });
    const sent = { ...fresh, sent_mutation_ids: ['m1'] };
    expect(localDelete(sent, 'm2', T1).put[0]).toMatchObject({
      deleted_at: T1,
      base_revision: null,
      sync_state: 'pending',
    });
    expect(localDelete(synced(), 'm2', T1).put[0]).toMatchObject({
      deleted_at: T1,
      base_revision: 10,
      mutation_id: 'm2',
    });
  });
});

describe('[S20] the version an edit was made on', () => {
  const own = (ids: string[]) => (id: string) => ids.includes(id);

  it("is current without a version, with the same version, or after this tab's own writes", () => {
    const note = synced();
    expect(editBasis(note, undefined, own([]))).toBe('current');
    expect(editBasis(note, versionOf(note), own([]))).toBe('current');
    const edited = localEdit(note, { content: 'x' }, 'm-own', T1);
    expect(editBasis(edited, versionOf(note), own(['m-own']))).toBe('current');
  });

  it('tells a version replaced by a pull from one changed by another tab', () => {
    const seen = synced();
    const pulled = fromServer(serverRow({ revision: 12, last_mutation_id: 'm-remote' }));
    expect(editBasis(pulled, versionOf(seen), own([]))).toBe('replaced-by-server');
    const otherTab = localEdit(seen, { content: 'x' }, 'm-tab', T1);
    expect(editBasis(otherTab, versionOf(seen), own([]))).toBe('changed-elsewhere');
  });

  it('[S33] a stale edit or deletion keeps the base revision the user saw, and an edit its content as the merge base', () => {
    const pulled = fromServer(serverRow({ revision: 12, last_mutation_id: 'm-remote' }));
    const seen = { revision: 10, content: pickContent(synced()) };
    expect(localEdit(pulled, { content: 'x' }, 'm1', T1, seen)).toMatchObject({
      base_revision: 10,
      base_content: seen.content,
    });
    expect(localDelete(pulled, 'm1', T1, seen).put[0]?.base_revision).toBe(10);
  });

  it('[S33] an edit of a synced note keeps its content as the base; further edits keep that base', () => {
    const note = synced();
    const first = localEdit(note, { content: 'one' }, 'm1', T1);
    expect(first.base_content).toEqual(pickContent(note));
    expect(localEdit(first, { content: 'two' }, 'm2', T1).base_content).toEqual(pickContent(note));
    expect(fromServer(serverRow({ revision: 13 })).base_content).toBeNull();
  });
});

describe('push', () => {
  it('[S4] [S5] the wire row carries the mutation id and base revision, 0 for a new note, and passes the schema', () => {
    const fresh = localCreate(content, { id: NOTE, userId: USER, mutationId: 'm1', now: T0 });
    expect(toWire(fresh)).toMatchObject({ last_mutation_id: 'm1', base_revision: 0 });
    expect(noteWritableSchema.safeParse(toWire(fresh)).success).toBe(true);
    const edited = localEdit(synced(), { title: 'x' }, 'm2', T1);
    expect(toWire(edited)).toMatchObject({ last_mutation_id: 'm2', base_revision: 10 });
  });

  it('[S9] a tombstone is sent without content', () => {
    const [tomb] = localDelete(synced({ content: 'secret' }), 'm2', T1).put;
    expect(toWire(tomb!)).toMatchObject({ content: '', title: '', deleted_at: T1, base_revision: 10 });
  });

  it('[S5] batches hold at most 1,000 rows and 768 KB; an oversized row travels alone', () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({ i }));
    expect(planBatches(rows).map((b) => b.length)).toEqual([1000, 1000, 500]);
    const big = 'x'.repeat(300 * 1024);
    const sized = [{ big }, { big }, { big }, { huge: 'y'.repeat(900 * 1024) }, { small: 1 }];
    const batches = planBatches(sized);
    expect(batches.map((b) => b.length)).toEqual([2, 1, 1, 1]);
    for (const batch of batches.slice(0, 2)) expect(utf8Length(JSON.stringify(batch))).toBeLessThanOrEqual(768 * 1024);
  });

  it('[S5] utf8Length counts multi-byte characters', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
  });

  it('[S3] an accepted push makes the note synced at the returned revision', () => {
    const edited = { ...localEdit(synced(), { content: 'mine' }, 'm1', T1), sent_mutation_ids: ['m1'] };
    const result = pushAccepted(edited, 'm1', serverRow({ content: 'mine', revision: 11, last_mutation_id: 'm1' }));
    expect(result.put[0]).toMatchObject({
      sync_state: 'synced',
      revision: 11,
      base_revision: 11,
      sent_mutation_ids: [],
    });
  });

  it('[S6] an accepted push of an older mutation rebases the newer local edit on it', () => {
    const first = localEdit(synced(), { content: 'a' }, 'm1', T1);
    const second = { ...localEdit(first, { content: 'b' }, 'm2', T1), sent_mutation_ids: ['m1'] };
    const result = pushAccepted(second, 'm1', serverRow({ content: 'a', revision: 11, last_mutation_id: 'm1' }));
    expect(result.put[0]).toMatchObject({
      content: 'b',
      sync_state: 'pending',
      base_revision: 11,
      revision: 11,
      sent_mutation_ids: [],
    });
  });

  it('[S9] an accepted tombstone removes the local row', () => {
    const [tomb] = localDelete(synced(), 'm2', T1).put;
    expect(pushAccepted(tomb, 'm2', serverRow({ revision: 11, deleted_at: T1, last_mutation_id: 'm2' }))).toEqual({
      put: [],
      delete: [NOTE],
    });
  });

  it('[S6] a 409 whose row carries our current mutation is a success (resend after a lost answer)', () => {
    const edited = { ...localEdit(synced(), { content: 'mine' }, 'm1', T1), sent_mutation_ids: ['m1'] };
    const res = pushConflict(edited, 'm1', serverRow({ content: 'mine', revision: 11, last_mutation_id: 'm1' }), ids);
    expect(res.outcome).toBe('duplicate');
    expect(res.changes.put).toHaveLength(1);
    expect(res.changes.put[0]).toMatchObject({ sync_state: 'synced', revision: 11 });
  });

  it('[S6] a 409 whose row carries an earlier mutation of ours rebases, without a conflict copy', () => {
    const first = localEdit(synced(), { content: 'a' }, 'm1', T1);
    const second = { ...localEdit(first, { content: 'b' }, 'm2', T1), sent_mutation_ids: ['m0', 'm1', 'm2'] };
    const res = pushConflict(second, 'm2', serverRow({ content: 'a', revision: 11, last_mutation_id: 'm1' }), ids);
    expect(res.outcome).toBe('rebased');
    expect(res.changes.put).toEqual([
      expect.objectContaining({ content: 'b', base_revision: 11, sent_mutation_ids: ['m2'] }),
    ]);
  });

  it('[S7] [S22] a 409 from another device: the server keeps the id, the local version becomes a pending conflict copy whose ids derive from the change', () => {
    const edited = localEdit(synced(), { content: 'mine' }, 'm1', T1);
    const res = pushConflict(edited, 'm1', serverRow({ content: 'theirs', revision: 12, last_mutation_id: 'm9' }), ids);
    expect(res.outcome).toBe('conflict-copy');
    const [original, copy] = res.changes.put;
    expect(original).toMatchObject({ id: NOTE, content: 'theirs', sync_state: 'synced', revision: 12 });
    expect(copy).toMatchObject({
      ...{ id: conflictCopyIds(NOTE, 'm1').id, mutation_id: conflictCopyIds(NOTE, 'm1').mutationId },
      content: 'mine',
      title: `Server title${CONFLICT_COPY_SUFFIX}`,
      sync_state: 'pending',
      base_revision: null,
      revision: null,
      conflict_of: NOTE,
    });
  });

  it('[S33] a 409 from another device that changed other lines: the local change is merged into its version and pushed again', () => {
    const base = synced({ content: 'one\ntwo\nthree', revision: 11 });
    const edited = localEdit(base, { content: 'one!\ntwo\nthree' }, 'm1', T1);
    const current = serverRow({ content: 'one\ntwo\nthree!', revision: 12, last_mutation_id: 'm9' });
    const res = pushConflict(edited, 'm1', current, ids, MERGES);
    expect(res.outcome).toBe('merged');
    expect(res.changes).toEqual({
      put: [
        expect.objectContaining({
          id: NOTE,
          content: 'one!\ntwo\nthree!',
          sync_state: 'pending',
          revision: 12,
          base_revision: 12,
          base_content: pickContent(current),
          mutation_id: mergeMutationId(NOTE, 'm1', current),
          sent_mutation_ids: [],
        }),
      ],
      delete: [],
    });
    // Made again (another tab, a retry), the merge is the same change.
    expect(pushConflict(edited, 'm1', current, ids, MERGES)).toEqual(res);
    // With merges off, the rules before [S33]: a copy.
    expect(pushConflict(edited, 'm1', current, ids, { merge: null }).outcome).toBe('conflict-copy');
  });

  it('[S33] a merge that adds nothing to the server version takes it: our change was already there', () => {
    const base = synced({ content: 'one\ntwo\nthree', revision: 11 });
    const edited = localEdit(base, { content: 'one!\ntwo\nthree' }, 'm1', T1);
    const current = serverRow({ content: 'one!\ntwo\nthree!', revision: 12, last_mutation_id: 'm9' });
    const res = pushConflict(edited, 'm1', current, ids, MERGES);
    expect(res.outcome).toBe('same-change');
    expect(res.changes.put).toEqual([expect.objectContaining({ content: 'one!\ntwo\nthree!', sync_state: 'synced' })]);
  });

  it('[S33] a note whose base content is unknown (stored before merges, or new) still makes a copy', () => {
    const edited = {
      ...localEdit(synced({ content: 'a\nb\nc' }), { content: 'a!\nb\nc' }, 'm1', T1),
      base_content: null,
    };
    const current = serverRow({ content: 'a\nb\nc!', revision: 12, last_mutation_id: 'm9' });
    expect(pushConflict(edited, 'm1', current, ids, MERGES).outcome).toBe('conflict-copy');
  });

  it('[S7] a local edit against a remote deletion survives as a conflict copy; the id stays deleted', () => {
    const edited = localEdit(synced(), { content: 'mine' }, 'm1', T1);
    const res = pushConflict(
      edited,
      'm1',
      serverRow({ title: '', content: '', revision: 12, deleted_at: T1, last_mutation_id: 'm9' }),
      ids,
    );
    expect(res.outcome).toBe('conflict-copy');
    expect(res.changes.delete).toEqual([NOTE]);
    expect(res.changes.put).toEqual([
      expect.objectContaining({
        id: conflictCopyIds(NOTE, 'm1').id,
        content: 'mine',
        title: `Server title${CONFLICT_COPY_SUFFIX}`,
      }),
    ]);
  });

  it('[S7] the same change made on two devices needs no copy', () => {
    const edited = localEdit(synced(), { content: 'same' }, 'm1', T1);
    const res = pushConflict(edited, 'm1', serverRow({ content: 'same', revision: 12, last_mutation_id: 'm9' }), ids);
    expect(res.outcome).toBe('same-change');
    expect(res.changes.put).toHaveLength(1);
  });

  it('[S7] a conflict copy title stays within the title limit', () => {
    const long = { ...synced(), title: 'x'.repeat(500) };
    expect(conflictCopy(long, ids).title).toHaveLength(500);
    expect(conflictCopy(long, ids).title.endsWith(CONFLICT_COPY_SUFFIX)).toBe(true);
  });

  it('[S8] a local deletion against a remote edit: the remote edit wins and the note stays', () => {
    const [tomb] = localDelete(synced(), 'm1', T1).put;
    const res = pushConflict(tomb, 'm1', serverRow({ content: 'theirs', revision: 12, last_mutation_id: 'm9' }), ids);
    expect(res.outcome).toBe('remote-wins');
    expect(res.changes.put).toEqual([
      expect.objectContaining({ id: NOTE, content: 'theirs', deleted_at: null, sync_state: 'synced' }),
    ]);
  });

  it('[S13] a refused push puts the note in the error state, unless it changed since', () => {
    const edited = localEdit(synced(), { content: 'x' }, 'm1', T1);
    expect(pushRejected(edited, 'm1', 'too long').put[0]).toMatchObject({
      sync_state: 'error',
      sync_error: 'too long',
    });
    expect(pushRejected(edited, 'm0', 'too long')).toEqual({ put: [], delete: [] });
  });
});

describe('pull', () => {
  it('[S11] a new row is added; a new tombstone is ignored', () => {
    expect(pulledRow(undefined, serverRow()).put[0]).toMatchObject({ id: NOTE, sync_state: 'synced', revision: 10 });
    expect(pulledRow(undefined, serverRow({ deleted_at: T1 }))).toEqual({ put: [], delete: [] });
  });

  it('[S11] a newer row replaces a synced copy; an older or equal one does nothing', () => {
    expect(pulledRow(synced(), serverRow({ content: 'new', revision: 11 })).put[0]).toMatchObject({
      content: 'new',
      revision: 11,
    });
    expect(pulledRow(synced({ revision: 11 }), serverRow({ content: 'old', revision: 11 }))).toEqual({
      put: [],
      delete: [],
    });
  });

  it('[S9] a pulled tombstone removes a synced copy', () => {
    expect(pulledRow(synced(), serverRow({ revision: 11, deleted_at: T1 }))).toEqual({ put: [], delete: [NOTE] });
  });

  it('[S11] a pending copy keeps its content and base when another device wrote', () => {
    const edited = localEdit(synced(), { content: 'mine' }, 'm1', T1);
    const result = pulledRow(edited, serverRow({ content: 'theirs', revision: 12 }));
    expect(result.put[0]).toMatchObject({ content: 'mine', base_revision: 10, revision: 12, sync_state: 'pending' });
  });

  it('[S6] [S11] a pulled row carrying our pending mutation makes it synced; an earlier one rebases', () => {
    const edited = { ...localEdit(synced(), { content: 'mine' }, 'm1', T1), sent_mutation_ids: ['m1'] };
    expect(
      pulledRow(edited, serverRow({ content: 'mine', revision: 11, last_mutation_id: 'm1' })).put[0],
    ).toMatchObject({ sync_state: 'synced' });
    const later = { ...localEdit(edited, { content: 'later' }, 'm2', T1) };
    expect(pulledRow(later, serverRow({ content: 'mine', revision: 11, last_mutation_id: 'm1' })).put[0]).toMatchObject(
      {
        content: 'later',
        base_revision: 11,
        sync_state: 'pending',
        sent_mutation_ids: [],
      },
    );
  });

  it('[S5] [S11] an accepted answer applies to every sent row with a local copy; complete only when every row came back to one', () => {
    const OTHER = '00000000-0000-4000-8000-0000000000bb';
    const a = { ...localEdit(synced(), { content: 'a' }, 'm1', T1), sent_mutation_ids: ['m1'] };
    const b = { ...localEdit(synced({ id: OTHER }), { content: 'b' }, 'm2', T1), id: OTHER };
    const rowA = serverRow({ content: 'a', revision: 11, last_mutation_id: 'm1' });
    const rowB = serverRow({ id: OTHER, content: 'b', revision: 12, last_mutation_id: 'm2' });
    const sent = [toWire(a), toWire(b)];
    const both = acceptedChanges(
      sent,
      [rowA, rowB],
      new Map([
        [a.id, a],
        [b.id, b],
      ]),
    );
    expect(both.complete).toBe(true);
    expect(both.changes.put.map((n) => [n.id, n.sync_state, n.revision])).toEqual([
      [NOTE, 'synced', 11],
      [OTHER, 'synced', 12],
    ]);
    // A row the server did not return, or one whose local copy is gone, makes the answer incomplete.
    expect(
      acceptedChanges(
        sent,
        [rowA],
        new Map([
          [a.id, a],
          [b.id, b],
        ]),
      ),
    ).toMatchObject({ complete: false, changes: { put: [{ id: NOTE }] } });
    expect(acceptedChanges(sent, [rowA, rowB], new Map([[a.id, a]]))).toMatchObject({
      complete: false,
      changes: { put: [{ id: NOTE }] },
    });
  });

  it('[S11] a change set applies rules in order, each seeing what the ones before left, and writes each note once', () => {
    const OTHER = '00000000-0000-4000-8000-0000000000bb';
    const a = synced();
    const set = new LocalChangeSet(new Map([[a.id, a]]));
    set.apply({ put: [{ ...a, content: 'first' }], delete: [] });
    expect(set.get(NOTE)?.content).toBe('first');
    set.apply({ put: [{ ...set.get(NOTE)!, title: 'second' }], delete: [] });
    set.apply({ put: [{ ...a, id: OTHER }], delete: [] });
    set.apply({ put: [], delete: [OTHER] });
    expect(set.result()).toEqual({ put: [{ ...a, content: 'first', title: 'second' }], delete: [OTHER] });
    // Within one result, the removal comes first (as a store applies it).
    set.apply({ put: [a], delete: [NOTE] });
    expect(set.result().put).toEqual([a]);
  });
});

describe('content comparison', () => {
  it('[S7] compares lists field by field, whatever the key order of stored JSON', () => {
    const a = { ...content, checklist_items: [{ id: 'i', text: 't', completed: false }] };
    const b = { ...content, checklist_items: [{ completed: false, text: 't', id: 'i' }] };
    expect(sameContent(a, b)).toBe(true);
    expect(sameContent(a, { ...b, checklist_items: [{ id: 'i', text: 't', completed: true }] })).toBe(false);
  });
});
