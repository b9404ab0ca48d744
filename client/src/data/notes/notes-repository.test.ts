import { describe, expect, it } from 'vitest';
import type { NoteRow } from '#core/note';
import { EMPTY_CONTENT } from '#core/note-fields';
import { CONFLICT_COPY_SUFFIX, conflictCopy, pickContent, pulledRow } from '#core/sync-rules';
import { NOTE_ERRORS, writeOutcomeMessage } from './messages';
import { NotesRepository, NoteValidationError, TAG_NAME_INVALID, type NotesRepositoryDeps } from './notes-repository';
import type { SyncRunResult } from './sync-controller';
import { MemoryLocalStore } from './testing/memory-local-store';

const USER = '00000000-0000-4000-8000-000000000001';

function repo(deps: Partial<NotesRepositoryDeps> = {}) {
  const store = new MemoryLocalStore();
  const repository = new NotesRepository({ store, getUserId: () => USER, ...deps });
  return { store, repository };
}

/** Another device's version arriving by pull. */
function remoteEdit(store: MemoryLocalStore, id: string, patch: Partial<NoteRow>) {
  const local = store.notes.get(id)!;
  const row: NoteRow = {
    id,
    user_id: USER,
    ...EMPTY_CONTENT,
    title: local.title,
    content: local.content,
    created_at: local.created_at,
    updated_at: local.updated_at,
    revision: (local.revision ?? 0) + 5,
    deleted_at: null,
    last_mutation_id: 'remote-mutation',
    ...patch,
  };
  return store.modify([id], (current) => pulledRow(current.get(id), row));
}

/** Our pending change arriving back from the server (as after a push). */
async function synced(store: MemoryLocalStore, id: string) {
  const local = store.notes.get(id)!;
  await remoteEdit(store, id, {
    ...pickContent(local),
    last_mutation_id: local.mutation_id,
    revision: (local.revision ?? 0) + 1,
    deleted_at: local.deleted_at,
    trashed_at: local.deleted_at === null ? local.trashed_at : null,
  });
}

describe('NotesRepository validation (spec section 5)', () => {
  it('every note action requires a signed-in user', async () => {
    const { repository } = repo({ getUserId: () => null });
    await expect(repository.createNote({ title: 'x' })).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(repository.updateNote('id', { title: 'x' })).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(repository.deleteNote('id')).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
  });

  it('updating requires an id', async () => {
    const { repository } = repo();
    await expect(repository.updateNote(undefined, { title: 'x' })).rejects.toThrow('Note ID is required for updates');
    await expect(repository.updateNote('', { title: 'x' })).rejects.toBeInstanceOf(NoteValidationError);
  });

  it('a title must not be blank; limits of core/note.ts hold', async () => {
    const { repository } = repo();
    await expect(repository.createNote({ title: '   ' })).rejects.toThrow('Please enter a title for your note.');
    await expect(repository.createNote({ title: 'x'.repeat(501) })).rejects.toThrow(/title/);
    const { note } = await repository.createNote({ title: 'ok' });
    await expect(repository.updateNote(note.id, { title: '' })).rejects.toThrow(NOTE_ERRORS.titleRequired);
  });

  it('[S1] malformed checklist items become Item placeholders, an empty chat history null', async () => {
    const { repository } = repo();
    const { note } = await repository.createNote({
      title: 'List',
      is_checklist: true,
      checklist_items: [{ id: 'a', text: 'milk', completed: true }, 42 as never],
      chat_history: [],
    });
    expect(note.checklist_items).toEqual([
      { id: 'a', text: 'milk', completed: true },
      expect.objectContaining({ text: 'Item', completed: false }),
    ]);
    expect(note.chat_history).toBeNull();
  });

  it("an unknown, deleted or other user's note is not found", async () => {
    const { repository, store } = repo();
    await expect(repository.updateNote('missing', { title: 'x' })).rejects.toThrow(NOTE_ERRORS.notFound);
    const { note } = await repository.createNote({ title: 'x' });
    store.notes.set(note.id, { ...store.notes.get(note.id)!, user_id: 'someone-else' });
    await expect(repository.updateNote(note.id, { title: 'y' })).rejects.toThrow(NOTE_ERRORS.notFound);
    expect(await repository.getNote(note.id)).toBeNull();
  });
});

describe('NotesRepository writes', () => {
  it('[S1] [S2] writes are committed locally and pending before any sync', async () => {
    const { repository, store } = repo();
    const { note, cloud } = await repository.createNote({ title: 'Idea', content: 'c' });
    expect(store.notes.get(note.id)).toMatchObject({ title: 'Idea', sync_state: 'pending' });
    expect(await cloud).toEqual({ status: 'offline' });
    expect(await repository.getNote(note.id)).toMatchObject({ id: note.id, sync_state: 'pending' });
  });

  it('[S9] deleting hides the note at once; deleting it again is a success', async () => {
    const { repository } = repo();
    const { note } = await repository.createNote({ title: 'Bye' });
    await repository.deleteNote(note.id);
    expect(await repository.getNote(note.id)).toBeNull();
    await expect(repository.deleteNote(note.id)).resolves.toMatchObject({ id: note.id, kept: false });
  });

  it('reports how the sync after a write went', async () => {
    const report = { pushed: 1, pulled: 0, conflicts: 0, merged: 0, rejected: 0, fullResync: false };
    let run: () => Promise<SyncRunResult> = async () => ({ ok: true, report });
    const store = new MemoryLocalStore();
    const repository = new NotesRepository({ store, getUserId: () => USER, syncAfterWrite: () => run() });
    const a = await repository.createNote({ title: 'a' });
    expect(await a.cloud).toEqual({ status: 'failed', error: 'The change is still waiting to sync' });

    run = async () => {
      await synced(store, a.note.id);
      return { ok: true, report };
    };
    expect(await (await repository.updateNote(a.note.id, { title: 'b' })).cloud).toEqual({ status: 'synced' });
    expect(await (await repository.deleteNote(a.note.id)).cloud).toEqual({ status: 'synced' });

    run = async () => ({ ok: false, offline: true });
    expect(await (await repository.createNote({ title: 'c' })).cloud).toEqual({ status: 'offline' });
    run = async () => ({ ok: false, offline: false, error: new Error('boom') });
    expect(await (await repository.createNote({ title: 'd' })).cloud).toEqual({ status: 'failed', error: 'boom' });

    run = async () => {
      for (const [id, note] of store.notes)
        store.notes.set(id, { ...note, sync_state: 'error', sync_error: 'refused' });
      return { ok: true, report: { ...report, pushed: 0, rejected: 1 } };
    };
    expect(await (await repository.createNote({ title: 'e' })).cloud).toEqual({ status: 'rejected', error: 'refused' });
  });

  it('a write that a later write of the same note replaced before its sync ended leaves the telling to that write', async () => {
    // A quick note is created, and its title typed and saved while the creation's sync still runs: the run
    // ends with the note waiting for the edit, which says nothing about whether the creation reached the
    // cloud (it did, and was rebased on), so only the edit reports.
    const report = { pushed: 1, pulled: 0, conflicts: 0, merged: 0, rejected: 0, fullResync: false };
    let endRun = () => {};
    const runEnds = new Promise<void>((resolve) => (endRun = resolve));
    const store = new MemoryLocalStore();
    const repository = new NotesRepository({
      store,
      getUserId: () => USER,
      syncAfterWrite: async () => {
        await runEnds;
        return { ok: true, report };
      },
    });
    const created = await repository.createNote({ title: 'Quick note' });
    const edited = await repository.updateNote(
      created.note.id,
      { title: 'Call the plumber' },
      { basedOn: created.note },
    );
    endRun();
    expect(await created.cloud).toEqual({ status: 'superseded' });
    expect(await edited.cloud).toEqual({ status: 'failed', error: 'The change is still waiting to sync' });
    expect(writeOutcomeMessage('create', await created.cloud)).toBeNull();
  });
});

describe('[S20] edits carry the version they were made on', () => {
  it('successive edits from the same screen build on each other without copies', async () => {
    const { repository } = repo();
    const { note } = await repository.createNote({ title: 'T' });
    const first = await repository.updateNote(note.id, { content: '1' }, { basedOn: note });
    // The screen still holds the first version (its live query has not re-rendered yet).
    const second = await repository.updateNote(note.id, { content: '2' }, { basedOn: note });
    expect(first.savedAsCopy || second.savedAsCopy).toBe(false);
    expect((await repository.getNote(note.id))?.content).toBe('2');
  });

  it('an edit of a version a pull replaced keeps the base the user saw, so its push conflicts', async () => {
    const { repository, store } = repo();
    const { note } = await repository.createNote({ title: 'T' });
    await synced(store, note.id);
    const seen = (await repository.getNote(note.id))!;
    await remoteEdit(store, note.id, { content: 'theirs', revision: 7 });
    const { savedAsCopy } = await repository.updateNote(note.id, { content: 'mine' }, { basedOn: seen });
    expect(savedAsCopy).toBe(false);
    expect(store.notes.get(note.id)).toMatchObject({ content: 'mine', base_revision: 1, sync_state: 'pending' });
    // Without basedOn the edit would have built on the pulled version (base 7) and overwritten it.
  });

  it('an edit of a version another tab changed is saved as a conflict copy', async () => {
    const store = new MemoryLocalStore();
    const tabA = new NotesRepository({ store, getUserId: () => USER });
    const tabB = new NotesRepository({ store, getUserId: () => USER });
    const { note } = await tabA.createNote({ title: 'Shared' });
    await tabB.updateNote(note.id, { content: 'from b' });
    const result = await tabA.updateNote(note.id, { content: 'from a' }, { basedOn: note });
    expect(result.savedAsCopy).toBe(true);
    expect(result.note).toMatchObject({
      title: `Shared${CONFLICT_COPY_SUFFIX}`,
      content: 'from a',
      conflict_of: note.id,
      sync_state: 'pending',
    });
    expect(store.notes.get(note.id)).toMatchObject({ content: 'from b' });
    const deletion = await tabA.deleteNote(note.id, { basedOn: note });
    expect(deletion.kept).toBe(true);
    expect(await tabA.getNote(note.id)).not.toBeNull();
  });

  it('an edit of a note deleted meanwhile survives as a conflict copy', async () => {
    const store = new MemoryLocalStore();
    const tabA = new NotesRepository({ store, getUserId: () => USER });
    const tabB = new NotesRepository({ store, getUserId: () => USER });
    const { note } = await tabA.createNote({ title: 'Gone', content: 'old' });
    await tabB.deleteNote(note.id);
    const result = await tabA.updateNote(note.id, { content: 'new' }, { basedOn: note });
    expect(result.savedAsCopy).toBe(true);
    expect(result.note).toMatchObject({ title: `Gone${CONFLICT_COPY_SUFFIX}`, content: 'new' });
    await expect(tabA.updateNote(note.id, { content: 'x' })).rejects.toThrow(NOTE_ERRORS.notFound);
  });
});

describe('[S29] [S30] the Trash through the repository', () => {
  const T0 = '2026-03-01T10:00:00.000Z';
  const T1 = '2026-03-02T10:00:00.000Z';
  let now = T0;
  const trashRepo = () => repo({ now: () => new Date(now) });

  it('[S29] deleting moves the note to the Trash: out of the lists, its content and place kept, pending for sync', async () => {
    const { store, repository } = trashRepo();
    now = T0;
    const { note } = await repository.createNote({ title: 'Plan', content: 'every word', is_checklist: true });
    await synced(store, note.id);
    now = T1;
    const result = await repository.deleteNote(note.id, { basedOn: (await repository.getNote(note.id))! });
    expect(result).toMatchObject({ id: note.id, kept: false });
    expect(await repository.getNote(note.id)).toBeNull();
    expect(store.notes.get(note.id)).toMatchObject({
      title: 'Plan',
      content: 'every word',
      is_checklist: true,
      trashed_at: T1,
      updated_at: T0,
      deleted_at: null,
      sync_state: 'pending',
      base_revision: 1,
    });
    await expect(repository.updateNote(note.id, { content: 'x' })).rejects.toThrow(NOTE_ERRORS.notFound);
  });

  it('[S29] restoring brings the note back exactly as it was; a note not in the Trash is left alone', async () => {
    const { store, repository } = trashRepo();
    now = T0;
    const { note } = await repository.createNote({ title: 'Plan', content: 'every word' });
    await synced(store, note.id);
    const before = store.notes.get(note.id)!;
    now = T1;
    await repository.deleteNote(note.id);
    await synced(store, note.id);
    const restored = await repository.restoreNote(note.id);
    expect(restored.status).toBe('done');
    const back = await repository.getNote(note.id);
    expect(back).toMatchObject({
      title: 'Plan',
      content: 'every word',
      trashed_at: null,
      updated_at: before.updated_at,
    });
    expect((await repository.restoreNote(note.id)).status).toBe('gone');
  });

  it('[S30] only a note in the Trash can be deleted forever: a pending tombstone, or gone if the server never had it', async () => {
    const { store, repository } = trashRepo();
    const { note: listed } = await repository.createNote({ title: 'Listed' });
    await synced(store, listed.id);
    expect((await repository.deleteForever(listed.id)).status).toBe('gone');
    expect(store.notes.get(listed.id)?.deleted_at).toBeNull();

    await repository.deleteNote(listed.id);
    expect((await repository.deleteForever(listed.id)).status).toBe('done');
    expect(store.notes.get(listed.id)).toMatchObject({ sync_state: 'pending' });
    expect(store.notes.get(listed.id)?.deleted_at).not.toBeNull();

    const { note: unsent } = await repository.createNote({ title: 'Never sent' });
    await repository.deleteNote(unsent.id);
    await repository.deleteForever(unsent.id);
    expect(store.notes.has(unsent.id)).toBe(false);
  });

  it('[S30] emptying the Trash deletes for good only the notes still there', async () => {
    const { store, repository } = trashRepo();
    const ids: string[] = [];
    for (const title of ['a', 'b', 'c']) {
      const { note } = await repository.createNote({ title });
      await synced(store, note.id);
      ids.push(note.id);
    }
    await repository.deleteNote(ids[0]);
    await repository.deleteNote(ids[1]);
    await repository.restoreNote(ids[1]!);
    const emptied = await repository.emptyTrash(ids);
    expect(emptied.count).toBe(1);
    expect(store.notes.get(ids[0]!)?.deleted_at).not.toBeNull();
    expect(await repository.getNote(ids[1]!)).not.toBeNull();
    expect(await repository.getNote(ids[2]!)).not.toBeNull();
  });

  it('[S20] a restore or a delete forever of a version changed in another tab writes nothing', async () => {
    const store = new MemoryLocalStore();
    const tabA = new NotesRepository({ store, getUserId: () => USER });
    const tabB = new NotesRepository({ store, getUserId: () => USER });
    const { note } = await tabA.createNote({ title: 'Shared' });
    await synced(store, note.id);
    await tabA.deleteNote(note.id);
    await synced(store, note.id);
    const seen = store.notes.get(note.id)!;
    const shown = { ...seen, version: { mutationId: seen.mutation_id, baseRevision: seen.base_revision } };
    await tabB.restoreNote(note.id);
    await tabB.updateNote(note.id, { content: 'changed in tab B' });
    await tabB.deleteNote(note.id);
    expect((await tabA.restoreNote(note.id, { basedOn: shown })).status).toBe('changed');
    expect((await tabA.deleteForever(note.id, { basedOn: shown })).status).toBe('changed');
    expect(store.notes.get(note.id)).toMatchObject({ deleted_at: null, content: 'changed in tab B' });
  });

  it('[S33] a write on a version changed elsewhere to the same content is a write on the current one', async () => {
    const store = new MemoryLocalStore();
    const tabA = new NotesRepository({ store, getUserId: () => USER });
    const tabB = new NotesRepository({ store, getUserId: () => USER });
    const { note } = await tabA.createNote({ title: 'Shared' });
    await synced(store, note.id);
    await tabA.deleteNote(note.id);
    await synced(store, note.id);
    const seen = store.notes.get(note.id)!;
    const shown = { ...seen, version: { mutationId: seen.mutation_id, baseRevision: seen.base_revision } };
    // Tab B restores and trashes it again: what tab A shows is still exactly what is there.
    await tabB.restoreNote(note.id);
    await tabB.deleteNote(note.id);
    expect((await tabA.restoreNote(note.id, { basedOn: shown })).status).toBe('done');
    expect(store.notes.get(note.id)?.trashed_at).toBeNull();
  });

  it('[S33] an edit of a version changed in another tab merges where they do not overlap, and is a copy where they do', async () => {
    const store = new MemoryLocalStore();
    const tabA = new NotesRepository({ store, getUserId: () => USER });
    const tabB = new NotesRepository({ store, getUserId: () => USER });
    const { note: shown } = await tabA.createNote({ title: 'Week', content: 'mon\ntue\nwed\nthu' });
    await tabB.updateNote(shown.id, { content: 'mon\ntue\nwed\nthu!' });
    const merged = await tabA.updateNote(shown.id, { content: 'mon!\ntue\nwed\nthu' }, { basedOn: shown });
    expect(merged).toMatchObject({ savedAsCopy: false, note: { content: 'mon!\ntue\nwed\nthu!' } });
    const copy = await tabB.updateNote(shown.id, { content: 'mon?\ntue\nwed\nthu' }, { basedOn: shown });
    expect(copy).toMatchObject({ savedAsCopy: true, note: { content: 'mon?\ntue\nwed\nthu' } });
    expect(store.notes.get(shown.id)?.content).toBe('mon!\ntue\nwed\nthu!');
  });
});

describe('[S23] resolving a conflict copy through the repository', () => {
  async function withCopy() {
    const { store, repository } = repo();
    const { note } = await repository.createNote({ title: 'Shared', content: 'theirs' });
    await synced(store, note.id);
    const copyRow = conflictCopy(
      { ...store.notes.get(note.id)!, content: 'mine' },
      { id: 'copy-id', mutationId: 'm-copy', now: new Date().toISOString() },
    );
    await store.modify([copyRow.id], () => ({ put: [copyRow], delete: [] }));
    return {
      store,
      repository,
      original: (await repository.getNote(note.id))!,
      copy: (await repository.getNote('copy-id'))!,
    };
  }

  it('keep this version writes the original and moves the copy to the Trash in one step, both pending for sync', async () => {
    const { store, repository, original, copy } = await withCopy();
    const result = await repository.resolveConflict(copy, original, 'keep-this');
    expect(result.status).toBe('resolved');
    expect(store.notes.get('copy-id')).toMatchObject({ content: 'mine', deleted_at: null, sync_state: 'pending' });
    expect(store.notes.get('copy-id')?.trashed_at).not.toBeNull();
    expect(store.notes.get(original.id)).toMatchObject({ title: 'Shared', content: 'mine', sync_state: 'pending' });
  });

  it('writes nothing when the original changed since the user compared the versions [S20]', async () => {
    const { store, repository, original, copy } = await withCopy();
    await remoteEdit(store, original.id, { content: 'a third version' });
    expect((await repository.resolveConflict(copy, original, 'keep-this')).status).toBe('changed');
    expect(store.notes.get('copy-id')?.content).toBe('mine');
    expect(store.notes.get(original.id)?.content).toBe('a third version');
  });
});

describe('placeNote and discardUntouched (issue 33)', () => {
  it('pins, archives (unpinning) and brings back a note, keeping its updated_at; nothing for a note not listed', async () => {
    const { store, repository } = repo({ now: () => new Date('2026-03-01T00:00:00.000Z') });
    const { note } = await repository.createNote({ title: 'Plan' });
    const updated = store.notes.get(note.id)!.updated_at;
    expect((await repository.placeNote(note.id, { pinned: true })).status).toBe('done');
    expect(store.notes.get(note.id)).toMatchObject({ pinned_at: '2026-03-01T00:00:00.000Z', updated_at: updated });
    expect((await repository.placeNote(note.id, { pinned: true })).status).toBe('unchanged');
    await repository.placeNote(note.id, { archived: true });
    expect(store.notes.get(note.id)).toMatchObject({ pinned_at: null, archived_at: '2026-03-01T00:00:00.000Z' });
    await repository.placeNote(note.id, { archived: false });
    expect(store.notes.get(note.id)).toMatchObject({ archived_at: null, sync_state: 'pending' });
    await repository.deleteNote(note.id);
    expect((await repository.placeNote(note.id, { pinned: true })).status).toBe('unchanged');
  });

  it('keeps a note out of the assistant and lets it back in, keeping its updated_at (issue 34)', async () => {
    const { store, repository } = repo();
    const { note } = await repository.createNote({ title: 'Diary' });
    const updated = store.notes.get(note.id)!.updated_at;
    expect((await repository.placeNote(note.id, { aiExcluded: true })).status).toBe('done');
    expect(store.notes.get(note.id)).toMatchObject({ ai_excluded: true, updated_at: updated, sync_state: 'pending' });
    expect((await repository.placeNote(note.id, { aiExcluded: true })).status).toBe('unchanged');
    await repository.placeNote(note.id, { aiExcluded: false });
    expect(store.notes.get(note.id)!.ai_excluded).toBe(false);
  });

  it('discards an untouched note as a pending tombstone that says it went to the Trash, even one never sent', async () => {
    const { store, repository } = repo();
    const { note } = await repository.createNote({ title: 'Untitled note' });
    expect(await repository.discardUntouched(note)).toEqual({ discarded: true });
    // Kept as a tombstone to push: a run that read the creation may be sending it right now.
    expect(store.notes.get(note.id)).toMatchObject({
      deleted_at: expect.any(String),
      trashed_at: expect.any(String),
      sync_state: 'pending',
    });
    expect(await repository.getNote(note.id)).toBeNull();
  });

  it('keeps a note written since it was made', async () => {
    const { store, repository } = repo();
    const { note } = await repository.createNote({ title: 'Untitled note' });
    await repository.updateNote(note.id, { title: 'Named in another tab' });
    expect(await repository.discardUntouched(note)).toEqual({ discarded: false });
    expect(store.notes.get(note.id)).toMatchObject({ title: 'Named in another tab', deleted_at: null });
  });
});

describe('renameTag (issue 33)', () => {
  const T0 = '2026-03-01T00:00:00.000Z';
  const T1 = '2026-03-02T00:00:00.000Z';

  async function tagged() {
    let now = T0;
    const { store, repository } = repo({ now: () => new Date(now) });
    const make = async (input: Parameters<NotesRepository['createNote']>[0]) => {
      const { note } = await repository.createNote(input);
      await synced(store, note.id);
      return note.id;
    };
    const ids = {
      own: await make({ title: 'Own', tags: ['work', 'work/launch', 'home'] }),
      text: await make({ title: 'Text', content: 'Ship #Work/launch, not #workshop.', expanded_content: 'Then #work' }),
      list: await make({
        title: 'List',
        is_checklist: true,
        checklist_items: [
          { id: 'a', text: 'call #work', completed: false },
          { id: 'b', text: 'buy milk', completed: true },
        ],
      }),
      archived: await make({ title: 'Archived', tags: ['work'] }),
      trashed: await make({ title: 'Trashed', content: '#work' }),
      other: await make({ title: 'Other', tags: ['workshop'], content: 'see #home' }),
    };
    await repository.placeNote(ids.archived, { archived: true });
    await repository.deleteNote(ids.trashed);
    await synced(store, ids.archived);
    await synced(store, ids.trashed);
    now = T1;
    return { store, repository, ids };
  }

  it('renames own tags and #tags, nested ones too, in listed, archived and trashed notes, each a pending edit', async () => {
    const { store, repository, ids } = await tagged();
    const before = store.notes.get(ids.own)!;
    const result = await repository.renameTag('work', 'job');
    expect(result.count).toBe(5);
    expect(await result.cloud).toEqual({ status: 'offline' });
    const note = (id: string) => store.notes.get(id)!;
    expect(note(ids.own).tags).toEqual(['job', 'job/launch', 'home']);
    expect(note(ids.text)).toMatchObject({
      content: 'Ship #job/launch, not #workshop.',
      expanded_content: 'Then #job',
    });
    expect(note(ids.list).checklist_items).toEqual([
      { id: 'a', text: 'call #job', completed: false },
      { id: 'b', text: 'buy milk', completed: true },
    ]);
    expect(note(ids.archived)).toMatchObject({ tags: ['job'], archived_at: expect.any(String) });
    expect(note(ids.trashed)).toMatchObject({ content: '#job', trashed_at: expect.any(String) });
    // An edit like updateNote's: a new mutation, pending, on the synced revision it changed.
    expect(note(ids.own)).toMatchObject({
      sync_state: 'pending',
      updated_at: T1,
      base_revision: before.revision,
      base_content: expect.objectContaining({ tags: ['work', 'work/launch', 'home'] }),
    });
    expect(note(ids.own).mutation_id).not.toBe(before.mutation_id);
    // `#workshop` and `workshop` are no tags inside `work`.
    expect(note(ids.other)).toMatchObject({ tags: ['workshop'], sync_state: 'synced' });
  });

  it('deletes own tags and turns #tags into plain words, leaving other tags', async () => {
    const { store, repository, ids } = await tagged();
    expect((await repository.renameTag('work', null)).count).toBe(5);
    expect(store.notes.get(ids.own)?.tags).toEqual(['home']);
    expect(store.notes.get(ids.archived)?.tags).toBeNull();
    expect(store.notes.get(ids.text)).toMatchObject({
      content: 'Ship Work/launch, not #workshop.',
      expanded_content: 'Then work',
    });
    expect(store.notes.get(ids.trashed)?.content).toBe('work');
  });

  it('merges a tag renamed onto an existing one without duplicates', async () => {
    const { store, repository, ids } = await tagged();
    expect((await repository.renameTag('home', 'work')).count).toBe(2);
    expect(store.notes.get(ids.own)?.tags).toEqual(['work', 'work/launch']);
    expect(store.notes.get(ids.other)).toMatchObject({ tags: ['workshop'], content: 'see #work' });
  });

  it('renames a nested tag alone, and writes nothing for a tag no note holds or a rename onto itself', async () => {
    const { store, repository, ids } = await tagged();
    expect((await repository.renameTag('work/launch', 'launch')).count).toBe(2);
    expect(store.notes.get(ids.own)?.tags).toEqual(['work', 'launch', 'home']);
    expect(store.notes.get(ids.text)?.content).toBe('Ship #launch, not #workshop.');
    expect((await repository.renameTag('nowhere', 'job')).count).toBe(0);
    expect((await repository.renameTag('home', 'home')).count).toBe(0);
    expect(store.notes.get(ids.other)?.sync_state).toBe('synced');
  });

  it('refuses a name that is no tag, or one that would make a tag inside it too long, changing nothing', async () => {
    const { store, repository, ids } = await tagged();
    await expect(repository.renameTag('work', 'Not a tag!')).rejects.toThrow(TAG_NAME_INVALID);
    await expect(repository.renameTag('work', 'x'.repeat(60))).rejects.toThrow(/at most 64 characters/);
    expect(store.notes.get(ids.own)).toMatchObject({ tags: ['work', 'work/launch', 'home'], sync_state: 'synced' });
    const { repository: signedOut } = repo({ getUserId: () => null });
    await expect(signedOut.renameTag('work', 'job')).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
  });
});
