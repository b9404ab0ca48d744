// Example tests of each sync rule (docs/sync.md), written once and run against every world: the
// in-memory server (fast, in the client project) and the real server over fake-indexeddb (sync project).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NoteRow, NoteWritable } from '#core/note';
import { CONFLICT_COPY_SUFFIX, TOMBSTONE_CONTENT } from '#core/sync-rules';
import { toNoteView } from '../../../client/src/data/notes/local-note';
import type { NoteInput } from '../../../client/src/data/notes/notes-repository';
import type { DeviceOptions, TestDevice } from './device';
import { byId, comparable, type Comparable } from './device';

export interface SyncWorld {
  userId: string;
  clock: { offsetMs: number };
  device(
    name: string,
    options?: Partial<Pick<DeviceOptions, 'batchMaxRows' | 'batchMaxBytes' | 'pageSize' | 'merges' | 'makeId'>>,
  ): Promise<TestDevice>;
  /** Every row of the user on the server, tombstones included. */
  serverRows(): Promise<NoteRow[]>;
  /** The server's purge of old tombstones [S10], as if the retention had passed since every write so far. */
  purgeTombstones(): Promise<void>;
  /** A plain write of one row, as another client makes it (the server's rules apply, its answer is ignored). */
  writeRow(row: NoteWritable): Promise<void>;
  dispose(): Promise<void>;
}

const live = (rows: NoteRow[]) => rows.filter((row) => row.deleted_at === null);
const comparableOf = (note: Comparable | undefined) => (note ? comparable(note) : undefined);

export function defineSyncScenarios(makeWorld: () => Promise<SyncWorld>): void {
  let world: SyncWorld;
  beforeEach(async () => {
    world = await makeWorld();
  });
  afterEach(async () => {
    await world.dispose();
  });

  /** Two devices of the user that both have `input`, made on the first and synced to both. */
  async function bothHave(input: NoteInput) {
    const a = await world.device('a');
    const b = await world.device('b');
    const { note } = await a.repo.createNote(input);
    await a.sync();
    await b.sync();
    return { a, b, note };
  }

  async function expectAgreement(...devices: TestDevice[]) {
    const server = byId(live(await world.serverRows())).map(comparable);
    for (const device of devices) {
      expect(byId(await device.live()).map(comparable), device.name).toEqual(server);
      expect(
        (await device.all()).filter((n) => n.sync_state !== 'synced'),
        device.name,
      ).toEqual([]);
    }
    return server;
  }

  describe('local-first writes', () => {
    it('[S1] [S2] [S5] a note created offline is pending, then pushed once online', async () => {
      const a = await world.device('a');
      a.offline = true;
      const { note } = await a.repo.createNote({ title: 'Offline idea', content: 'written on the train' });
      expect((await a.note(note.id))?.sync_state).toBe('pending');
      expect(await a.trySync()).toBeNull();
      expect(await world.serverRows()).toEqual([]);
      a.offline = false;
      const report = await a.sync();
      expect(report.pushed).toBe(1);
      expect((await a.note(note.id))?.sync_state).toBe('synced');
      const [row] = await world.serverRows();
      expect(row).toMatchObject({ id: note.id, title: 'Offline idea', content: 'written on the train' });
      expect(row?.last_mutation_id).toBe((await a.note(note.id))?.mutation_id);
    });

    it('[S2] [S3] ten offline edits reach the server as one write of the latest content', async () => {
      const a = await world.device('a');
      const { note } = await a.repo.createNote({ title: 'Draft' });
      await a.sync();
      a.offline = true;
      for (let i = 1; i <= 10; i++) await a.repo.updateNote(note.id, { content: `version ${i}` });
      a.offline = false;
      const before = (await world.serverRows())[0]!.revision;
      await a.sync();
      const [row] = await world.serverRows();
      expect(row?.content).toBe('version 10');
      expect(a.remote.upsertSizes).toEqual([1, 1]);
      expect(row!.revision).toBeGreaterThan(before);
    });
  });

  describe('deletions', () => {
    it('[S9] a deletion made offline reaches the server when online', async () => {
      const a = await world.device('a');
      const { note } = await a.repo.createNote({ title: 'Short-lived' });
      await a.sync();
      a.offline = true;
      await a.deleteForGood(note.id);
      expect(await a.live()).toEqual([]);
      a.reload();
      a.offline = false;
      await a.sync();
      expect(live(await world.serverRows())).toEqual([]);
      expect((await world.serverRows())[0]).toMatchObject({ id: note.id, title: '', content: '' });
      expect(await a.all()).toEqual([]);
    });

    it("[S9] a note deleted on one device does not come back from another device's stale copy", async () => {
      const { a, b, note } = await bothHave({ title: 'Shared' });
      expect((await b.live()).map((n) => n.id)).toEqual([note.id]);
      await a.deleteForGood(note.id);
      await a.sync();
      // b still holds its synced (stale) copy and syncs: the copy goes, nothing is re-uploaded.
      await b.sync();
      await a.sync();
      expect(await b.live()).toEqual([]);
      expect(await a.live()).toEqual([]);
      expect(live(await world.serverRows())).toEqual([]);
    });

    it('[S7] [S9] an offline edit of a note deleted elsewhere survives as a conflict copy; the id stays deleted', async () => {
      const { a, b, note } = await bothHave({ title: 'Plan' });
      b.offline = true;
      await b.repo.updateNote(note.id, { content: 'edited offline' });
      await a.deleteForGood(note.id);
      await a.sync();
      b.offline = false;
      const report = await b.sync();
      expect(report.conflicts).toBe(1);
      await a.sync();
      const server = await expectAgreement(a, b);
      expect(server).toEqual([
        expect.objectContaining({ title: `Plan${CONFLICT_COPY_SUFFIX}`, content: 'edited offline' }),
      ]);
      expect(server[0]?.id).not.toBe(note.id);
    });

    it('[S8] [S30] a delete forever against a concurrent restore and edit: the edit wins and the note stays', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const { note } = await a.repo.createNote({ title: 'Keep me' });
      await a.repo.deleteNote(note.id);
      await a.sync();
      await b.sync();
      await a.repo.restoreNote(note.id);
      await a.repo.updateNote(note.id, { content: 'important addition' });
      await a.sync();
      b.offline = true;
      expect((await b.repo.deleteForever(note.id)).status).toBe('done');
      b.offline = false;
      await b.sync();
      const server = await expectAgreement(a, b);
      expect(server).toEqual([
        expect.objectContaining({ id: note.id, content: 'important addition', trashed_at: null }),
      ]);
    });
  });

  describe('the Trash', () => {
    it('[S29] a note trashed offline on one device is restored on another after sync, exactly as it was', async () => {
      const { a, b, note } = await bothHave({
        title: 'Packing list',
        content: 'for the trip',
        is_checklist: true,
        checklist_items: [{ id: 'i1', text: 'passport', completed: true }],
      });
      const before = comparableOf(await b.note(note.id));
      a.offline = true;
      await a.repo.deleteNote(note.id);
      expect(await a.listed()).toEqual([]);
      a.reload();
      a.offline = false;
      await a.sync();
      await b.sync();
      expect(await b.listed()).toEqual([]);
      const trashed = await b.note(note.id);
      expect(trashed).toMatchObject({
        content: 'for the trip',
        checklist_items: [expect.objectContaining({ text: 'passport' })],
      });
      expect(trashed?.trashed_at).not.toBeNull();
      expect((await b.repo.restoreNote(note.id, { basedOn: toNoteView(trashed!) })).status).toBe('done');
      await b.sync();
      await a.sync();
      await expectAgreement(a, b);
      expect(comparableOf(await a.note(note.id))).toEqual(before);
      expect((await a.note(note.id))?.updated_at).toBe((await world.serverRows())[0]?.updated_at);
    });

    it('[S8] [S33] a trash that meets an edit from another device loses to it: one note, in the lists, with the edit', async () => {
      const { a, b, note } = await bothHave({ title: 'Plan', content: 'base' });
      b.offline = true;
      await b.repo.deleteNote(note.id);
      await a.repo.updateNote(note.id, { content: 'edited on a' });
      await a.sync();
      b.offline = false;
      expect((await b.sync()).conflicts).toBe(0);
      await a.sync();
      expect(await expectAgreement(a, b)).toEqual([
        expect.objectContaining({ id: note.id, content: 'edited on a', trashed_at: null }),
      ]);
    });

    it('[S8] [S33] an edit that meets a trash from another device brings the note back with the edit', async () => {
      const { a, b, note } = await bothHave({ title: 'Plan', content: 'base' });
      a.offline = true;
      await a.repo.updateNote(note.id, { content: 'edited on a' });
      await b.repo.deleteNote(note.id);
      await b.sync();
      a.offline = false;
      const report = await a.sync();
      expect(report).toMatchObject({ conflicts: 0, merged: 1 });
      await b.sync();
      expect(await expectAgreement(a, b)).toEqual([
        expect.objectContaining({ id: note.id, content: 'edited on a', trashed_at: null }),
      ]);
    });

    it('[S7] [S29] a trash of an edited version that meets an edit of the same line: the edit stays in the lists, the trashed version waits in the Trash', async () => {
      const { a, b, note } = await bothHave({ title: 'Plan', content: 'base' });
      b.offline = true;
      await b.repo.updateNote(note.id, { content: 'edited on b' });
      await b.repo.deleteNote(note.id);
      await a.repo.updateNote(note.id, { content: 'edited on a' });
      await a.sync();
      b.offline = false;
      expect((await b.sync()).conflicts).toBe(1);
      await a.sync();
      const server = await expectAgreement(a, b);
      expect(server.filter((n) => n.trashed_at === null)).toEqual([
        expect.objectContaining({ id: note.id, content: 'edited on a' }),
      ]);
      expect(server.filter((n) => n.trashed_at !== null)).toEqual([
        expect.objectContaining({ title: `Plan${CONFLICT_COPY_SUFFIX}`, content: 'edited on b' }),
      ]);
    });

    it('[S29] two devices that trash the same note agree: no copy', async () => {
      const { a, b, note } = await bothHave({ title: 'Twice' });
      world.clock.offsetMs += 1000;
      await a.repo.deleteNote(note.id);
      world.clock.offsetMs += 1000;
      await b.repo.deleteNote(note.id);
      await a.sync();
      expect((await b.sync()).conflicts).toBe(0);
      await a.sync();
      const server = await expectAgreement(a, b);
      expect(server).toHaveLength(1);
      expect(server[0]?.trashed_at).not.toBeNull();
    });

    it('[S30] a tombstone of a note in the lists (an older client) becomes a move to the Trash that keeps the content', async () => {
      const a = await world.device('a');
      const { note } = await a.repo.createNote({ title: 'Safe', content: 'kept' });
      await a.sync();
      const [row] = await world.serverRows();
      await world.writeRow({
        ...row!,
        ...TOMBSTONE_CONTENT,
        deleted_at: '2026-03-01T10:00:00.000Z',
        base_revision: row!.revision,
      });
      const [stored] = await world.serverRows();
      expect(stored).toMatchObject({ id: note.id, content: 'kept', deleted_at: null });
      expect(stored?.trashed_at).not.toBeNull();
      await a.sync();
      expect(await a.listed()).toEqual([]);
      expect((await a.note(note.id))?.content).toBe('kept');
    });

    it('[S30] emptying the Trash on one device deletes for good on every device', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const one = (await a.repo.createNote({ title: 'One' })).note;
      const two = (await a.repo.createNote({ title: 'Two' })).note;
      const kept = (await a.repo.createNote({ title: 'Kept' })).note;
      await a.repo.deleteNote(one.id);
      await a.repo.deleteNote(two.id);
      await a.sync();
      await b.sync();
      expect((await b.repo.emptyTrash([one.id, two.id])).count).toBe(2);
      await b.sync();
      await a.sync();
      const server = await expectAgreement(a, b);
      expect(server.map((n) => n.id)).toEqual([kept.id]);
      expect((await world.serverRows()).filter((row) => row.deleted_at !== null)).toHaveLength(2);
    });
  });

  describe('conflicts', () => {
    it('[S33] two devices offline edit different lines of one note: one note holds both edits, no copy', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const base = 'Monday: plan\nTuesday: gym\nWednesday: bank\nThursday: groceries';
      const { note } = await a.repo.createNote({ title: 'Week', content: base });
      await a.sync();
      await b.sync();
      a.offline = b.offline = true;
      await a.repo.updateNote(note.id, { content: base.replace('gym', 'gym at 7') });
      await b.repo.updateNote(note.id, { title: 'Week 12', content: base.replace('groceries', 'groceries and bread') });
      a.offline = b.offline = false;
      await a.sync();
      expect(await b.sync()).toMatchObject({ conflicts: 0, merged: 1 });
      await a.sync();
      expect(await expectAgreement(a, b)).toEqual([
        expect.objectContaining({
          id: note.id,
          title: 'Week 12',
          content: 'Monday: plan\nTuesday: gym at 7\nWednesday: bank\nThursday: groceries and bread',
        }),
      ]);
    });

    it('[S33] checklist items merge by id: a tick on one device, a rename and a removal on the other', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const items = [
        { id: 'i1', text: 'milk', completed: false },
        { id: 'i2', text: 'bread', completed: false },
        { id: 'i3', text: 'eggs', completed: false },
      ];
      const { note } = await a.repo.createNote({ title: 'Shop', is_checklist: true, checklist_items: items });
      await a.sync();
      await b.sync();
      a.offline = b.offline = true;
      await a.repo.updateNote(note.id, {
        checklist_items: [
          { ...items[0]!, completed: true },
          items[1]!,
          items[2]!,
          { id: 'i4', text: 'tea', completed: false },
        ],
      });
      await b.repo.updateNote(note.id, { checklist_items: [{ ...items[0]!, text: 'oat milk' }, items[1]!] });
      a.offline = b.offline = false;
      await a.sync();
      expect(await b.sync()).toMatchObject({ conflicts: 0, merged: 1 });
      await a.sync();
      expect((await expectAgreement(a, b))[0]?.checklist_items).toEqual([
        { id: 'i1', text: 'oat milk', completed: true },
        { id: 'i2', text: 'bread', completed: false },
        { id: 'i4', text: 'tea', completed: false },
      ]);
    });

    it('[S33] chat histories continued on two devices keep every message once', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const said = (role: 'user' | 'assistant', content: string) => ({ role, content });
      const { note } = await a.repo.createNote({ title: 'Idea', chat_history: [said('user', 'an app')] });
      await a.sync();
      await b.sync();
      a.offline = b.offline = true;
      await a.repo.updateNote(note.id, { chat_history: [said('user', 'an app'), said('assistant', 'for whom?')] });
      await b.repo.updateNote(note.id, { chat_history: [said('user', 'an app'), said('user', 'for runners')] });
      a.offline = b.offline = false;
      await a.sync();
      expect(await b.sync()).toMatchObject({ conflicts: 0, merged: 1 });
      await a.sync();
      expect((await expectAgreement(a, b))[0]?.chat_history).toEqual([
        said('user', 'an app'),
        said('assistant', 'for whom?'),
        said('user', 'for runners'),
      ]);
    });

    it('[S7] [S33] concurrent edits of the same line: the first pushed keeps the id, the other becomes a conflict copy', async () => {
      const { a, b, note } = await bothHave({ title: 'Trip', content: 'base' });
      a.offline = b.offline = true;
      await a.repo.updateNote(note.id, { content: 'from a' });
      await b.repo.updateNote(note.id, { content: 'from b' });
      a.offline = b.offline = false;
      await a.sync();
      expect((await b.sync()).conflicts).toBe(1);
      await a.sync();
      const server = await expectAgreement(a, b);
      expect(server).toHaveLength(2);
      expect(server.find((n) => n.id === note.id)).toMatchObject({ title: 'Trip', content: 'from a' });
      expect(server.find((n) => n.id !== note.id)).toMatchObject({
        title: `Trip${CONFLICT_COPY_SUFFIX}`,
        content: 'from b',
      });
      const copy = (await b.live()).find((n) => n.id !== note.id);
      expect(copy?.conflict_of).toBe(note.id);
    });

    it('[S7] the same change made on two devices makes no copy', async () => {
      const { a, b, note } = await bothHave({ title: 'List' });
      await a.repo.updateNote(note.id, { content: 'same' });
      await b.repo.updateNote(note.id, { content: 'same' });
      await a.sync();
      await b.sync();
      expect(await expectAgreement(a, b)).toHaveLength(1);
    });

    it("[S22] a deletion made on top of one's own edit follows that edit into its conflict copy", async () => {
      const { a, b, note } = await bothHave({ title: 'S0' });
      const shown = await a.repo.getNote(note.id);
      await b.repo.updateNote(note.id, { content: "b's edit" });
      await b.sync();
      // A's open form saves: its push meets b's edit of the same line and becomes a conflict copy [S7].
      const saved = await a.repo.updateNote(note.id, { content: 'my edit' }, { basedOn: shown! });
      expect((await a.sync()).conflicts).toBe(1);
      // The same form, still showing the note, deletes it: the copy holding that edit goes [S29].
      const deleted = await a.repo.deleteNote(note.id, { basedOn: saved.note });
      expect(deleted.kept).toBe(false);
      expect(deleted.id).not.toBe(note.id);
      await a.sync();
      await b.sync();
      const server = await expectAgreement(a, b);
      expect(server.filter((n) => n.trashed_at === null)).toEqual([
        expect.objectContaining({ id: note.id, content: "b's edit" }),
      ]);
      expect(server.find((n) => n.id === deleted.id)).toMatchObject({ content: 'my edit' });
      expect(server.find((n) => n.id === deleted.id)?.trashed_at).not.toBeNull();
    });

    it('[S8] [S33] a deletion made on a version from before a merge loses to the line it never saw', async () => {
      const { a, b, note } = await bothHave({ title: 'S0', content: 'one\n\ntwo' });
      const shown = await a.repo.getNote(note.id);
      await b.repo.updateNote(note.id, { content: 'one\n\ntwo, by b' });
      await b.sync();
      const saved = await a.repo.updateNote(note.id, { content: 'one, by a\n\ntwo' }, { basedOn: shown! });
      expect((await a.sync()).merged).toBe(1);
      // A screen still showing a's version, without b's line, deletes it: b's line is an edit that
      // deletion never saw, so the note stays with both [S8]; no copy is made.
      await a.repo.deleteNote(note.id, { basedOn: saved.note });
      expect(await a.sync()).toMatchObject({ conflicts: 0 });
      await b.sync();
      expect(await expectAgreement(a, b)).toEqual([
        expect.objectContaining({ id: note.id, content: 'one, by a\n\ntwo, by b', trashed_at: null }),
      ]);
      // Deleted from a version that shows both lines, it goes.
      const merged = await a.repo.getNote(note.id);
      expect(await a.repo.deleteNote(note.id, { basedOn: merged! })).toMatchObject({ id: note.id, kept: false });
      await a.sync();
      expect((await world.serverRows())[0]?.trashed_at).not.toBeNull();
    });

    it('[S22] saving again from that form edits the copy that holds its version: no second copy', async () => {
      const { a, b, note } = await bothHave({ title: 'S0' });
      const shown = await a.repo.getNote(note.id);
      await b.repo.updateNote(note.id, { content: "b's edit" });
      await b.sync();
      const saved = await a.repo.updateNote(note.id, { content: 'first save' }, { basedOn: shown! });
      expect((await a.sync()).conflicts).toBe(1);
      const again = await a.repo.updateNote(note.id, { content: 'second save' }, { basedOn: saved.note });
      expect(again.savedAsCopy).toBe(true);
      await a.sync();
      await b.sync();
      const server = await expectAgreement(a, b);
      expect(server).toHaveLength(2);
      expect(server).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: note.id, content: "b's edit" }),
          expect.objectContaining({ id: again.note.id, title: `S0${CONFLICT_COPY_SUFFIX}`, content: 'second save' }),
        ]),
      );
    });

    it('[S11] [S33] a pending edit meets a pulled remote edit: the local content stays until its push merges them', async () => {
      const { a, b, note } = await bothHave({
        title: 'Note',
        checklist_items: [{ id: 'i1', text: 'milk', completed: false }],
        is_checklist: true,
      });
      await a.repo.updateNote(note.id, { checklist_items: [{ id: 'i1', text: 'milk', completed: true }] });
      await a.sync();
      await b.repo.updateNote(note.id, { title: 'Renamed' });
      // A pull alone (as after a push that failed): the local change keeps its content and base.
      await b.engine.pull();
      expect(await b.note(note.id)).toMatchObject({ title: 'Renamed', sync_state: 'pending' });
      expect(await b.sync()).toMatchObject({ conflicts: 0, merged: 1 });
      await a.sync();
      expect(await expectAgreement(a, b)).toEqual([
        expect.objectContaining({
          id: note.id,
          title: 'Renamed',
          checklist_items: [{ id: 'i1', text: 'milk', completed: true }],
        }),
      ]);
    });
  });

  describe('resending', () => {
    it('[S6] a resend after a lost answer is a success: no second write, no copy', async () => {
      const a = await world.device('a');
      const { note } = await a.repo.createNote({ title: 'Once' });
      a.remote.loseNextAnswers = 1;
      expect(await a.trySync()).toBeNull();
      const [landed] = await world.serverRows();
      expect(landed?.id).toBe(note.id);
      const report = await a.sync();
      expect(report.pushed).toBe(1);
      expect(report.conflicts).toBe(0);
      const rows = await world.serverRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.revision).toBe(landed?.revision);
      await expectAgreement(a);
    });

    it('[S6] [S24] a lost answer, a reload and a further edit: the edit builds on our landed write', async () => {
      const a = await world.device('a');
      const { note } = await a.repo.createNote({ title: 'Draft', content: 'one' });
      await a.sync();
      await a.repo.updateNote(note.id, { content: 'two' });
      a.remote.loseNextAnswers = 1;
      await a.trySync();
      a.reload();
      await a.repo.updateNote(note.id, { content: 'three' });
      const report = await a.sync();
      expect(report.conflicts).toBe(0);
      const server = await expectAgreement(a);
      expect(server).toEqual([expect.objectContaining({ id: note.id, content: 'three' })]);
    });

    it('[S9] [S24] a send whose answer was lost is remembered across a reload: deleting the note then reaches the server', async () => {
      const a = await world.device('a');
      const { note } = await a.repo.createNote({ title: 'Sent once' });
      a.remote.loseNextAnswers = 1;
      expect(await a.trySync()).toBeNull();
      expect(live(await world.serverRows()).map((row) => row.id)).toEqual([note.id]);
      a.reload();
      // The mark written before the request says the server may have the note: a tombstone, not a removal.
      await a.deleteForGood(note.id);
      expect((await a.all()).map((n) => n.deleted_at !== null)).toEqual([true]);
      await a.sync();
      expect(live(await world.serverRows())).toEqual([]);
      const b = await world.device('b');
      await b.sync();
      await expectAgreement(a, b);
      expect(await b.live()).toEqual([]);
    });

    it('[S4] [S6] a create resent after another device edited it never overwrites that edit', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const { note } = await a.repo.createNote({ title: 'Fresh', content: 'created' });
      a.remote.loseNextAnswers = 1;
      await a.trySync();
      await b.sync();
      await b.repo.updateNote(note.id, { content: 'edited by b' });
      await b.sync();
      await a.sync();
      await b.sync();
      const server = await expectAgreement(a, b);
      expect(server.find((n) => n.id === note.id)).toMatchObject({ content: 'edited by b' });
    });
  });

  describe('batches and errors', () => {
    // The limits themselves (1,000 rows, 768 KB) are core's (sync-rules.test.ts); smaller ones keep these quick.
    it('[S5] pushes at most the row limit per request', async () => {
      const a = await world.device('a', { batchMaxRows: 100 });
      a.offline = true;
      for (let i = 0; i < 230; i++) await a.repo.createNote({ title: `Note ${i}` });
      a.offline = false;
      const report = await a.sync();
      expect(report.pushed).toBe(230);
      expect(a.remote.upsertSizes).toEqual([100, 100, 30]);
      expect(live(await world.serverRows())).toHaveLength(230);
    });

    it('[S5] pushes at most the byte limit per request', async () => {
      const a = await world.device('a', { batchMaxBytes: 256 * 1024 });
      const text = 'x'.repeat(100 * 1024);
      for (let i = 0; i < 5; i++) await a.repo.createNote({ title: `Big ${i}`, content: text });
      await a.sync();
      expect(a.remote.upsertSizes).toEqual([2, 2, 1]);
    });

    it('[S13] [S27] a note refused by the server gets the error state and does not block the others', async () => {
      const a = await world.device('a');
      const notes = [];
      for (let i = 0; i < 4; i++) notes.push((await a.repo.createNote({ title: `N${i}` })).note);
      a.remote.refuseIds.add(notes[1]!.id);
      const report = await a.sync();
      expect(report.rejected).toBe(1);
      expect(report.pushed).toBe(3);
      // The batch was refused without naming a row: each went alone, and only the refused one failed.
      expect(a.remote.upsertSizes).toEqual([1, 1, 1]);
      expect(await a.note(notes[1]!.id)).toMatchObject({
        sync_state: 'error',
        sync_error: expect.stringContaining('violates'),
      });
      expect(
        live(await world.serverRows())
          .map((r) => r.id)
          .sort(),
      ).toEqual([notes[0]!.id, notes[2]!.id, notes[3]!.id].sort());
      // It is not retried on every run, only after an edit.
      await a.sync();
      expect(await a.note(notes[1]!.id)).toMatchObject({ sync_state: 'error' });
      a.remote.refuseIds.clear();
      await a.repo.updateNote(notes[1]!.id, { title: 'N1 fixed' });
      await a.sync();
      await expectAgreement(a);
    });

    it('[S13] a note invalid for the schema is put in the error state without being sent', async () => {
      const a = await world.device('a');
      const good = (await a.repo.createNote({ title: 'Good' })).note;
      const bad = (await a.repo.createNote({ title: 'Bad' })).note;
      await a.store.modify([bad.id], (current) => ({
        put: [{ ...current.get(bad.id)!, title: 'x'.repeat(600) }],
        delete: [],
      }));
      const report = await a.sync();
      expect(report.rejected).toBe(1);
      expect(await a.note(bad.id)).toMatchObject({ sync_state: 'error', sync_error: expect.stringContaining('title') });
      expect(live(await world.serverRows()).map((r) => r.id)).toEqual([good.id]);
    });

    it('[S13] a network failure ends the run and keeps every change pending', async () => {
      const a = await world.device('a');
      await a.repo.createNote({ title: 'Waiting' });
      a.offline = true;
      await expect(a.sync()).rejects.toMatchObject({ kind: 'network' });
      expect((await a.all()).map((n) => n.sync_state)).toEqual(['pending']);
    });
  });

  describe("the push's answer and the pull", () => {
    it("[S25] the push's answer is written even when the pull after it fails: nothing is sent twice", async () => {
      const a = await world.device('a');
      await a.sync(); // the first sync: a full resync, which writes the answer before its first request
      for (let i = 0; i < 3; i++) await a.repo.createNote({ title: `Held ${i}` });
      a.remote.afterUpsert = () => {
        a.offline = true;
      };
      await expect(a.sync()).rejects.toMatchObject({ kind: 'network' });
      a.remote.afterUpsert = null;
      a.offline = false;
      expect((await a.all()).map((n) => n.sync_state)).toEqual(['synced', 'synced', 'synced']);
      expect((await a.sync()).pushed).toBe(0);
      expect(a.remote.upsertSizes).toEqual([3]);
      await expectAgreement(a);
    });

    it("[S25] a run whose pull fits in a page ends in one transaction: the push's answer, the pulled rows and the progress", async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      await a.sync();
      await b.repo.createNote({ title: 'From b' });
      await b.sync();
      for (let i = 0; i < 2; i++) await a.repo.createNote({ title: `From a ${i}` });
      a.writes.length = 0;
      expect(await a.sync()).toMatchObject({ pushed: 2, pulled: 1 });
      // The marks before the request [S24], then the run's one last transaction.
      expect(a.writes).toEqual(['markSent', 'settle']);
      await b.sync();
      await expectAgreement(a, b);
    });

    it('[S26] [S28] a sent note whose local copy went away before the answer was written is read back by the pull', async () => {
      const a = await world.device('a');
      await a.sync();
      const kept = (await a.repo.createNote({ title: 'Kept' })).note;
      const removed = (await a.repo.createNote({ title: 'Removed meanwhile' })).note;
      // As another tab clearing it would: the answer then cannot make every sent note synced.
      a.remote.afterUpsert = () => a.store.modify([removed.id], () => ({ put: [], delete: [removed.id] }));
      const report = await a.sync();
      a.remote.afterUpsert = null;
      // The span was not taken as landed: the pull was planned again and read both rows.
      expect(report).toMatchObject({ pushed: 2, pulled: 2 });
      expect((await a.live()).map((n) => n.id).sort()).toEqual([kept.id, removed.id].sort());
      await expectAgreement(a);
    });
  });

  describe('pull and full resync', () => {
    it('[S11] pulls in pages by revision', async () => {
      const a = await world.device('a');
      const b = await world.device('b', { pageSize: 2 });
      for (let i = 0; i < 5; i++) await a.repo.createNote({ title: `P${i}` });
      await a.sync();
      const report = await b.sync();
      expect(report.pulled).toBe(5);
      await expectAgreement(a, b);
      const c = await a.repo.createNote({ title: 'later' });
      await a.sync();
      expect((await b.sync()).pulled).toBe(1);
      expect((await b.note(c.note.id))?.title).toBe('later');
    });

    it("[S11] [S26] the pull skips the rows its own push just wrote, never another device's write around them", async () => {
      const a = await world.device('a');
      const b = await world.device('b', { pageSize: 2 });
      await a.sync();
      await b.sync();
      // b writes first, then a pushes three notes: a reads b's note, not its own three back.
      const fromB = await b.repo.createNote({ title: 'from b' });
      await b.sync();
      for (let i = 0; i < 3; i++) await a.repo.createNote({ title: `A${i}` });
      const report = await a.sync();
      expect(report).toMatchObject({ pushed: 3, pulled: 1 });
      expect((await a.note(fromB.note.id))?.title).toBe('from b');
      // ... and what b writes after that push arrives by the next pull, past the skipped rows.
      const later = await b.repo.createNote({ title: 'later from b' });
      expect((await b.sync()).pulled).toBe(3);
      expect((await a.sync()).pulled).toBe(1);
      expect((await a.note(later.note.id))?.title).toBe('later from b');
      await expectAgreement(a, b);
    });

    it('[S10] [S12] a device that last pulled before the purged deletion resyncs in full: the note goes', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const { note } = await a.repo.createNote({ title: 'Old' });
      const keep = (await a.repo.createNote({ title: 'Kept' })).note;
      await a.sync();
      await b.sync();
      await a.deleteForGood(note.id);
      await a.sync();
      await world.purgeTombstones();
      // b comes back: its incremental pull could not see the purged tombstone, and the server says so.
      b.reload();
      const report = await b.sync();
      expect(report.fullResync).toBe(true);
      expect((await b.live()).map((n) => n.id)).toEqual([keep.id]);
      await expectAgreement(a, b);
      // Pulled through the horizon: the next run is incremental again.
      expect((await b.sync()).fullResync).toBe(false);
    });

    it('[S10] [S12] a full resync past the purge horizon loses nothing pending: new notes and edits made offline are pushed', async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      const gone = (await a.repo.createNote({ title: 'Deleted long ago' })).note;
      const shared = (await a.repo.createNote({ title: 'Shared' })).note;
      await a.sync();
      await b.sync();
      b.offline = true;
      const offline = (await b.repo.createNote({ title: 'Made offline' })).note;
      await b.repo.updateNote(shared.id, { content: 'edited offline' });
      await a.deleteForGood(gone.id);
      await a.sync();
      await world.purgeTombstones();
      b.offline = false;
      expect((await b.sync()).fullResync).toBe(true);
      await a.sync();
      const server = await expectAgreement(a, b);
      expect(server.map((n) => n.id).sort()).toEqual([shared.id, offline.id].sort());
      expect(server.find((n) => n.id === shared.id)).toMatchObject({ content: 'edited offline' });
    });

    it('[S10] [S12] a device that pulled after the deletion goes on pulling incrementally after the purge', async () => {
      const { a, b, note } = await bothHave({ title: 'Short-lived' });
      await a.deleteForGood(note.id);
      await a.sync();
      await b.sync();
      await world.purgeTombstones();
      const later = (await a.repo.createNote({ title: 'Later' })).note;
      expect(await a.sync()).toMatchObject({ fullResync: false });
      expect(await b.sync()).toMatchObject({ fullResync: false, pulled: 1 });
      expect((await b.live()).map((n) => n.id)).toEqual([later.id]);
      await expectAgreement(a, b);
    });

    it("[S12] the device's own clock never forces a full resync: away longer than the retention, nothing purged, it pulls what is new", async () => {
      const a = await world.device('a');
      const b = await world.device('b');
      await a.repo.createNote({ title: 'Before' });
      await a.sync();
      await b.sync();
      world.clock.offsetMs = 100 * 24 * 60 * 60 * 1000;
      await a.repo.createNote({ title: 'After' });
      await a.sync();
      expect(await b.sync()).toMatchObject({ fullResync: false, pulled: 1 });
      await expectAgreement(a, b);
    });
  });

  describe('scope', () => {
    it("[S17] only the signed-in user's pending notes are pushed", async () => {
      const a = await world.device('a');
      const mine = (await a.repo.createNote({ title: 'Mine' })).note;
      const other = {
        ...(await a.note(mine.id))!,
        id: '00000000-0000-4000-8000-00000000beef',
        user_id: '00000000-0000-4000-8000-000000000bad',
      };
      await a.store.modify([other.id], () => ({ put: [other], delete: [] }));
      await a.sync();
      expect((await world.serverRows()).map((r) => r.id)).toEqual([mine.id]);
      expect((await a.note(other.id))?.sync_state).toBe('pending');
    });
  });
}
