// The live queries screens read: one page newest first (ties by id, descending), tombstones and other
// users hidden, the kinds, the count, one note, the waiting changes; live across connections [S16].
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SproutDb } from './local-db';
import { DexieLocalStore } from './local-store';
import { NotesSessionProvider } from './notes-context';
import { NotesSession } from './notes-session';
import { bulkReadSizes, loadNotesPage } from './notes-page';
import {
  countLiveNotes,
  loadArchive,
  loadLinkCandidates,
  useLinkSuggester,
  loadLinkTarget,
  useNote,
  useNotesPage,
  usePendingCount,
  useLiveNotesCount,
  useRecentIdeasPage,
  useTagCounts,
} from './queries';
import { localNoteMaker, scratchDatabases } from './testing/local-notes';
import { loadLinkingNotes, loadTagCounts } from './tag-index';

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const databases = scratchDatabases('sprout-queries');
const freshDb = (name?: string) => databases.open(name);

afterEach(() => databases.closeAll());

const note = localNoteMaker(U1, (n) => `2024-01-${String(n).padStart(2, '0')}T00:00:00.000Z`);

describe('loadNotesPage', () => {
  it('returns one page newest first, counts live notes, hides tombstones and other users', async () => {
    const db = freshDb();
    const a = note();
    const b = note({ is_checklist: true });
    const c = note({ expanded_content: 'Plan' });
    const gone = note({ deleted_at: '2024-02-01T00:00:00.000Z', sync_state: 'pending' });
    const other = note({ user_id: U2 });
    await db.notes.bulkPut([a, b, c, gone, other]);

    const first = await loadNotesPage(db, U1, 2);
    expect(first.notes.map((x) => x.id)).toEqual([c.id, b.id]);
    expect(first.hasMore).toBe(true);
    expect(await countLiveNotes(db, U1)).toBe(3);
    const all = await loadNotesPage(db, U1, 10);
    expect(all.notes.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(all.hasMore).toBe(false);

    expect((await loadNotesPage(db, U1, 10, 'checklists')).notes.map((x) => x.id)).toEqual([b.id]);
    expect((await loadNotesPage(db, U1, 10, 'expanded')).notes.map((x) => x.id)).toEqual([c.id]);
  });

  it('reads the newest rows in bulk, then more of them, then walks the index while a page lacks notes of its kind', () => {
    expect(bulkReadSizes(60)).toEqual([69, 276]);
    expect(bulkReadSizes(1)).toEqual([10, 40]);
  });

  it('finds the page below more tombstones than the first read holds, and a rare kind below more rows than the bulk reads hold', async () => {
    const db = freshDb();
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();
    const list = note({ is_checklist: true, updated_at: day(0) });
    const live = [1, 2, 3].map((n) => note({ updated_at: day(n) }));
    // Newer than every live note: 12 tombstones (a first read of a 2-note page takes 11 rows)...
    const gone = Array.from({ length: 12 }, (_, i) => note({ updated_at: day(10 + i), deleted_at: day(10 + i) }));
    // ... and 50 notes that are no checklist (the bulk reads of a 1-note page take 10, then 40 rows).
    const plain = Array.from({ length: 50 }, (_, i) => note({ updated_at: day(100 + i) }));
    await db.notes.bulkPut([list, ...live, ...gone]);

    const page = await loadNotesPage(db, U1, 2);
    expect(page.notes.map((x) => x.id)).toEqual([live[2]!.id, live[1]!.id]);
    expect(page.hasMore).toBe(true);
    const everything = await loadNotesPage(db, U1, 4);
    expect(everything.notes.map((x) => x.id)).toEqual([...live.map((x) => x.id).reverse(), list.id]);
    expect(everything.hasMore).toBe(false);

    await db.notes.bulkPut(plain);
    const lists = await loadNotesPage(db, U1, 1, 'checklists');
    expect(lists.notes.map((x) => x.id)).toEqual([list.id]);
    expect(lists.hasMore).toBe(false);
  });

  it('orders notes edited at the same instant by id, descending', async () => {
    const db = freshDb();
    const same = '2024-06-01T00:00:00.000Z';
    const low = note({ updated_at: same });
    const high = note({ updated_at: same });
    const older = note({ updated_at: '2024-05-01T00:00:00.000Z' });
    await db.notes.bulkPut([low, older, high]);
    expect((await loadNotesPage(db, U1, 10)).notes.map((x) => x.id)).toEqual([high.id, low.id, older.id]);
  });
});

describe('pinned and archived notes, and the orders (issue 33)', () => {
  const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();

  it('lists pinned notes first in the same order, leaves archived ones out of every list and the count', async () => {
    const db = freshDb();
    const old = note({ updated_at: day(1), pinned_at: day(30) });
    const plain = [2, 3, 4].map((n) => note({ updated_at: day(n) }));
    const pinned = note({ updated_at: day(5), pinned_at: day(20), is_checklist: true });
    const archived = note({ updated_at: day(9), archived_at: day(9), expanded_content: 'Plan' });
    const trashedArchived = note({ updated_at: day(8), archived_at: day(7), trashed_at: day(8) });
    await db.notes.bulkPut([old, ...plain, pinned, archived, trashedArchived]);

    const page = await loadNotesPage(db, U1, 10);
    expect(page.notes.map((x) => x.id)).toEqual([pinned.id, old.id, plain[2]!.id, plain[1]!.id, plain[0]!.id]);
    expect(await countLiveNotes(db, U1)).toBe(5);
    // A page shorter than the pinned notes and the rest: the pinned lead, and more follow.
    const short = await loadNotesPage(db, U1, 3);
    expect(short.notes.map((x) => x.id)).toEqual([pinned.id, old.id, plain[2]!.id]);
    expect(short.hasMore).toBe(true);
    const onlyPinned = await loadNotesPage(db, U1, 1);
    expect(onlyPinned.notes.map((x) => x.id)).toEqual([pinned.id]);
    expect(onlyPinned.hasMore).toBe(true);
    expect((await loadNotesPage(db, U1, 10, 'checklists')).notes.map((x) => x.id)).toEqual([pinned.id]);
    expect((await loadNotesPage(db, U1, 10, 'expanded')).notes).toEqual([]);
    expect((await loadArchive(db, U1)).map((x) => x.id)).toEqual([archived.id]);
  });

  it('sorts by creation newest first, or by title A to Z as people read them, untitled notes last', async () => {
    const db = freshDb();
    const b = note({ title: 'banana', created_at: day(3), updated_at: day(10) });
    const a = note({ title: 'Apple', created_at: day(1), updated_at: day(12) });
    const n10 = note({ title: 'Step 10', created_at: day(5), updated_at: day(11) });
    const n9 = note({ title: 'step 9', created_at: day(4), updated_at: day(13) });
    const untitled = note({ title: '  ', created_at: day(2), updated_at: day(14) });
    await db.notes.bulkPut([b, a, n10, n9, untitled]);
    const ids = async (order: 'updated' | 'created' | 'title') =>
      (await loadNotesPage(db, U1, 10, 'all', order)).notes.map((x) => x.id);
    expect(await ids('updated')).toEqual([untitled.id, n9.id, a.id, n10.id, b.id]);
    expect(await ids('created')).toEqual([n10.id, n9.id, b.id, untitled.id, a.id]);
    expect(await ids('title')).toEqual([a.id, b.id, n9.id, n10.id, untitled.id]);
    const firstTwo = await loadNotesPage(db, U1, 2, 'all', 'title');
    expect(firstTwo.notes.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(firstTwo.hasMore).toBe(true);
  });
});

/** Renders hooks for the signed-in user U1 whose notes are in `db` (null: nobody signed in). */
function sessionWrapper(db: SproutDb | null) {
  const session = db ? new NotesSession({ userId: U1, store: new DexieLocalStore(db), db }) : null;
  return function Wrapper({ children }: { children: ReactNode }) {
    return <NotesSessionProvider session={session}>{children}</NotesSessionProvider>;
  };
}

describe('live query hooks', () => {
  it('[S18] useNotesPage: live notes newest first, tombstones hidden, each with its sync state', async () => {
    const db = freshDb();
    const old = note({ updated_at: '2024-01-01T00:00:00.000Z', sync_state: 'synced' });
    const recent = note({
      updated_at: '2024-03-01T00:00:00.000Z',
      sync_state: 'pending',
      mutation_id: 'm-recent',
      revision: null,
    });
    const gone = note({
      updated_at: '2024-04-01T00:00:00.000Z',
      deleted_at: '2024-04-01T00:00:00.000Z',
      sync_state: 'pending',
    });
    const other = note({ user_id: U2 });
    await db.notes.bulkPut([old, recent, gone, other]);
    const { result } = renderHook(() => useNotesPage(10), { wrapper: sessionWrapper(db) });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.notes.map((n) => n.id)).toEqual([recent.id, old.id]));
    expect(result.current?.notes.map((n) => n.sync_state)).toEqual(['pending', 'synced']);
    expect(result.current?.notes[0]?.version).toEqual({ mutationId: 'm-recent', baseRevision: null });
  });

  it('[S16] a write made through another connection (another tab) shows up', async () => {
    const db = freshDb();
    const otherTab = freshDb(db.name);
    const { result } = renderHook(() => useNotesPage(10), { wrapper: sessionWrapper(db) });
    await waitFor(() => expect(result.current?.notes).toEqual([]));
    const a = note();
    await act(async () => {
      await otherTab.notes.put(a);
    });
    await waitFor(() => expect(result.current?.notes.map((n) => n.id)).toEqual([a.id]));
  });

  it('useLiveNotesCount follows a new note, a trashed one and an archived one', async () => {
    const db = freshDb();
    const [a, b, c] = [note(), note(), note()];
    await db.notes.bulkPut([a, b]);
    const { result } = renderHook(() => useLiveNotesCount(), { wrapper: sessionWrapper(db) });
    await waitFor(() => expect(result.current).toBe(2));
    await act(async () => {
      await db.notes.put(c);
    });
    await waitFor(() => expect(result.current).toBe(3));
    await act(async () => {
      await db.notes.update(a.id, { trashed_at: '2024-05-01T00:00:00.000Z' });
      await db.notes.update(b.id, { archived_at: '2024-05-01T00:00:00.000Z' });
    });
    await waitFor(() => expect(result.current).toBe(1));
  });

  it('useNote, the checklists page, useRecentIdeasPage and usePendingCount; nothing without a session', async () => {
    const db = freshDb();
    const list = note({ updated_at: '2024-02-01T00:00:00.000Z', is_checklist: true, sync_state: 'synced' });
    const idea = note({
      updated_at: '2024-03-01T00:00:00.000Z',
      expanded_content: 'Goal...',
      sync_state: 'error',
      sync_error: 'bad',
    });
    await db.notes.bulkPut([list, idea]);
    const wrapper = sessionWrapper(db);
    const one = renderHook(() => useNote(idea.id), { wrapper });
    const missing = renderHook(() => useNote('nope'), { wrapper });
    const lists = renderHook(() => useNotesPage(10, 'checklists'), { wrapper });
    const recent = renderHook(() => useRecentIdeasPage(), { wrapper });
    const pending = renderHook(() => usePendingCount(), { wrapper });
    const noUser = renderHook(() => useNotesPage(10), { wrapper: sessionWrapper(null) });
    await waitFor(() =>
      expect(one.result.current).toMatchObject({ id: idea.id, sync_state: 'error', sync_error: 'bad' }),
    );
    await waitFor(() => expect(missing.result.current).toBeNull());
    await waitFor(() => expect(lists.result.current?.notes.map((n) => n.id)).toEqual([list.id]));
    await waitFor(() => expect(recent.result.current?.map((n) => n.id)).toEqual([idea.id]));
    await waitFor(() => expect(pending.result.current).toBe(1));
    expect(noUser.result.current).toEqual({ notes: [], hasMore: false });
  });

  it('useNote never hands the previous note, nor its deletion, to a page that moved to another note', async () => {
    const db = freshDb();
    const copy = note({ title: 'Packing list (conflict copy)' });
    const original = note({ title: 'Packing list' });
    await db.notes.bulkPut([copy, original]);
    const seen: (string | null | undefined)[] = [];
    const { result, rerender } = renderHook(
      ({ id }: { id: string }) => {
        const value = useNote(id);
        if (id === original.id) seen.push(value === undefined ? undefined : (value?.id ?? null));
        return value;
      },
      { wrapper: sessionWrapper(db), initialProps: { id: copy.id } },
    );
    await waitFor(() => expect(result.current?.id).toBe(copy.id));
    // The page moves to the original, and the copy goes before the new query has answered.
    await act(async () => {
      rerender({ id: original.id });
      await db.notes.update(copy.id, { deleted_at: '2024-05-01T00:00:00.000Z' });
    });
    await waitFor(() => expect(result.current?.id).toBe(original.id));
    expect(seen.filter((value) => value !== undefined && value !== original.id)).toEqual([]);
  });
});

describe('tags (issue 33)', () => {
  it('counts each tag of the listed notes, a tag with those inside it, and the text’s #tags', async () => {
    const db = freshDb();
    await db.notes.bulkPut([
      note({ tags: ['work/launch'] }),
      note({ tags: ['work'], content: 'and #home' }),
      note({ content: 'Buy #Home supplies' }),
      note({ tags: ['work'], archived_at: '2024-03-01T00:00:00.000Z' }),
      note({ tags: ['work'], trashed_at: '2024-03-01T00:00:00.000Z' }),
      note({ tags: ['work'], deleted_at: '2024-03-01T00:00:00.000Z' }),
      note({ user_id: U2, tags: ['work'] }),
    ]);
    expect([...(await loadTagCounts(db, U1))]).toEqual([
      ['home', 2],
      ['work', 2],
      ['work/launch', 1],
    ]);
  });

  it('pages the notes of a tag, pinned first, in the list’s order, and follows an edit of the tags', async () => {
    const db = freshDb();
    const old = note({ tags: ['work'] });
    const inside = note({ tags: ['work/launch'], is_checklist: true });
    const pinned = note({ content: '#work', pinned_at: '2024-03-01T00:00:00.000Z' });
    const other = note({ tags: ['home'] });
    await db.notes.bulkPut([old, inside, pinned, other]);
    const ids = async (...args: [number, 'all' | 'checklists']) =>
      (await loadNotesPage(db, U1, args[0], args[1], 'updated', 'work')).notes.map((n) => n.id);
    expect(await ids(10, 'all')).toEqual([pinned.id, inside.id, old.id]);
    expect(await ids(10, 'checklists')).toEqual([inside.id]);
    const firstTwo = await loadNotesPage(db, U1, 2, 'all', 'updated', 'work');
    expect(firstTwo.hasMore).toBe(true);
    await db.notes.put({ ...other, tags: ['work', 'home'] });
    await db.notes.put({ ...old, tags: null });
    expect(await ids(10, 'all')).toEqual([pinned.id, other.id, inside.id]);
  });
  it('useTagCounts: every part that asks shares one live answer, which follows an edit; off, it is undefined', async () => {
    const db = freshDb();
    await db.notes.put(note({ tags: ['work'] }));
    const { result } = renderHook(
      () => ({ sidebar: useTagCounts(), filtered: useTagCounts(true), off: useTagCounts(false) }),
      { wrapper: sessionWrapper(db) },
    );
    await waitFor(() => expect(result.current.sidebar?.get('work')).toBe(1));
    // One read for both: a list filtered by a tag finds the sidebar's counts instead of reading every tag again.
    expect(result.current.filtered).toBe(result.current.sidebar);
    expect(result.current.off).toBeUndefined();
    await act(async () => {
      await db.notes.put(note({ content: 'Plan the #work week' }));
    });
    await waitFor(() => expect(result.current.filtered?.get('work')).toBe(2));
    expect(result.current.sidebar).toBe(result.current.filtered);
  });
});

describe('links between notes (issue 33)', () => {
  it('lists the notes that link to one, and says where a link leads', async () => {
    const db = freshDb();
    const target = note({ title: 'Budget' });
    const from = note({ title: 'Launch', content: `See [the budget](/note/${target.id})` });
    const archived = note({
      title: 'Old',
      content: `[b](/note/${target.id})`,
      archived_at: '2024-03-01T00:00:00.000Z',
    });
    const trashed = note({
      title: 'Binned',
      content: `[b](/note/${target.id})`,
      trashed_at: '2024-03-01T00:00:00.000Z',
    });
    const self = note({ title: 'Self', content: 'x' });
    await db.notes.bulkPut([target, from, archived, trashed, { ...self, content: `[me](/note/${self.id})` }]);
    expect((await loadLinkingNotes(db, U1, target.id)).map((n) => n.id).sort()).toEqual([from.id, archived.id].sort());
    expect(await loadLinkingNotes(db, U1, self.id)).toEqual([]);
    expect(await loadLinkTarget(db, U1, target.id)).toEqual({ state: 'listed', title: 'Budget' });
    expect(await loadLinkTarget(db, U1, trashed.id)).toEqual({ state: 'trashed', title: 'Binned' });
    expect(await loadLinkTarget(db, U1, '00000000-0000-4000-8000-00000000dead')).toEqual({ state: 'missing' });
    // An edit that drops the link takes the note out of 'Linked from'.
    await db.notes.put({ ...from, content: 'No link now' });
    expect((await loadLinkingNotes(db, U1, target.id)).map((n) => n.id)).toEqual([archived.id]);
  });

  it('offers the notes by title for [[, those starting with the query first, never in the Trash', async () => {
    const db = freshDb();
    await db.notes.bulkPut([
      note({ title: 'Garden budget' }),
      note({ title: 'Budget for the launch' }),
      note({ title: 'Budget, binned', trashed_at: '2024-03-01T00:00:00.000Z' }),
      note({ title: 'Unrelated' }),
    ]);
    const candidates = await loadLinkCandidates(db, U1);
    expect(candidates.map((c) => c.title)).toEqual(['Unrelated', 'Budget for the launch', 'Garden budget']);
  });

  it('offers for [[ a note that arrives while the editor is open (another tab, a first sync)', async () => {
    const db = freshDb();
    const self = note({ title: 'Garden plan' });
    await db.notes.put(self);
    const { result } = renderHook(() => useLinkSuggester(self.id), { wrapper: sessionWrapper(db) });
    // The editor's focus reads the titles before the note is there.
    await expect(result.current.suggest('Wedd')).resolves.toEqual([]);
    const arrived = note({ title: 'Wedding prep' });
    await db.notes.put(arrived);
    await waitFor(async () =>
      expect(await result.current.suggest('Wedd')).toEqual([
        { id: arrived.id, title: 'Wedding prep', updated_at: arrived.updated_at },
      ]),
    );
    // Renamed, it is offered by its new name.
    await db.notes.put({ ...arrived, title: 'Reception prep' });
    await waitFor(async () => expect(await result.current.suggest('Wedd')).toEqual([]));
    // Once read, the titles answer at once, not on a later tick: a list still answering misses an Enter.
    expect(Array.isArray(result.current.suggest('Recep'))).toBe(true);
    expect(await result.current.suggest('Recep')).toEqual([
      { id: arrived.id, title: 'Reception prep', updated_at: arrived.updated_at },
    ]);
    // A change (an auto-save, a pull) does not make the next question wait: the titles read before answer
    // while the new ones are read, and the answers after that have the change.
    const another = note({ title: 'Reception music' });
    await db.notes.put(another);
    expect(Array.isArray(result.current.suggest('Recep'))).toBe(true);
    await waitFor(() =>
      expect(result.current.suggest('Recep')).toEqual([
        { id: another.id, title: 'Reception music', updated_at: another.updated_at },
        { id: arrived.id, title: 'Reception prep', updated_at: arrived.updated_at },
      ]),
    );
  });
});
