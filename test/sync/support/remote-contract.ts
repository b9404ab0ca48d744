// The RemoteNotes contract: the real server (through SupabaseRemote) and the in-memory test server
// must behave alike, so engine tests on the fake mean something.
import { describe, expect, it } from 'vitest';
import type { NoteWritable } from '#core/note';
import { EMPTY_CONTENT } from '#core/note-fields';
import { randomUuid } from '#core/random-id';
import { TOMBSTONE_CONTENT } from '#core/sync-rules';
import { RemoteError, type PulledPage, type RemoteNotes } from '../../../client/src/data/notes/remote-notes';

/** A delete forever as the app sends it: the tombstone says when its note went to the Trash [S30]. */
const forGood = (at: string) => ({ trashed_at: at, deleted_at: at });

export function wireRow(userId: string, patch: Partial<NoteWritable> = {}): NoteWritable {
  const now = new Date().toISOString();
  return {
    id: randomUuid(),
    user_id: userId,
    ...EMPTY_CONTENT,
    title: 'Title',
    content: 'Content',
    is_checklist: true,
    checklist_items: [{ id: 'i1', text: 'one', completed: false }],
    chat_history: [{ role: 'user', content: 'hello' }],
    created_at: now,
    updated_at: now,
    deleted_at: null,
    last_mutation_id: randomUuid(),
    base_revision: 0,
    revision: 0,
    ...patch,
  };
}

/** A remote of a new user, and the server's purge of old tombstones [S10], as if the retention had passed. */
export interface RemoteFixture {
  remote: RemoteNotes;
  userId: string;
  purge(): Promise<void>;
}

export function defineRemoteContract(name: string, open: () => Promise<RemoteFixture>): void {
  describe(`RemoteNotes contract: ${name}`, () => {
    it('[S3] [S5] an upsert stores the rows and returns them with fresh revisions and our mutation ids', async () => {
      const { remote, userId } = await open();
      const rows = [wireRow(userId), wireRow(userId)];
      const stored = await remote.upsert(rows);
      expect(stored.map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
      for (const row of stored) {
        const sent = rows.find((r) => r.id === row.id)!;
        expect(row).toMatchObject({ title: 'Title', last_mutation_id: sent.last_mutation_id, deleted_at: null });
        expect(row.checklist_items).toEqual(sent.checklist_items);
        expect(row.revision).toBeGreaterThan(0);
      }
      expect(stored[0]!.revision).not.toBe(stored[1]!.revision);
    });

    it('[S4] [S6] a stale base revision is refused with the current row; the whole batch is refused', async () => {
      const { remote, userId } = await open();
      const [first] = await remote.upsert([wireRow(userId, { content: 'v1' })]);
      const [second] = await remote.upsert([
        wireRow(userId, { id: first!.id, content: 'v2', base_revision: first!.revision }),
      ]);
      const other = wireRow(userId);
      const error = await remote
        .upsert([other, wireRow(userId, { id: first!.id, content: 'stale', base_revision: first!.revision })])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteError);
      expect(error).toMatchObject({ kind: 'conflict' });
      expect((error as RemoteError).currentRow).toMatchObject({
        id: first!.id,
        content: 'v2',
        revision: second!.revision,
        last_mutation_id: second!.last_mutation_id,
      });
      const ids = (await remote.pullChanges(0, 100)).rows.map((row) => row.id);
      expect(ids).not.toContain(other.id);
    });

    it('[S4] base revision 0 inserts a new note, but never overwrites an existing one', async () => {
      const { remote, userId } = await open();
      const row = wireRow(userId);
      await remote.upsert([row]);
      const error = await remote
        .upsert([{ ...row, content: 'again', last_mutation_id: randomUuid() }])
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'conflict', currentRow: expect.objectContaining({ content: 'Content' }) });
    });

    it('[S9] [S30] a tombstone (deleted for good: it says when the note went to the Trash) keeps the row without content', async () => {
      const { remote, userId } = await open();
      const [stored] = await remote.upsert([wireRow(userId)]);
      const deletedAt = new Date().toISOString();
      const [tomb] = await remote.upsert([
        wireRow(userId, { id: stored!.id, ...forGood(deletedAt), base_revision: stored!.revision }),
      ]);
      expect(tomb).toMatchObject(TOMBSTONE_CONTENT);
      expect(tomb!.deleted_at).not.toBeNull();
    });

    it('[S30] a tombstone of a note in the lists that does not name the Trash is a move to the Trash, content kept', async () => {
      const { remote, userId } = await open();
      const [stored] = await remote.upsert([wireRow(userId, { content: 'keep me' })]);
      const deletedAt = new Date().toISOString();
      const [moved] = await remote.upsert([
        wireRow(userId, { id: stored!.id, deleted_at: deletedAt, content: '', base_revision: stored!.revision }),
      ]);
      expect(moved).toMatchObject({ id: stored!.id, content: 'keep me', deleted_at: null });
      expect(moved!.trashed_at).not.toBeNull();
    });

    it('[S11] [S12] pulls by revision in order, with or without tombstones, in pages', async () => {
      const { remote, userId } = await open();
      const stored = await remote.upsert([wireRow(userId), wireRow(userId), wireRow(userId)]);
      const byRevision = [...stored].sort((a, b) => a.revision - b.revision);
      await remote.upsert([
        wireRow(userId, {
          id: byRevision[0]!.id,
          ...forGood(new Date().toISOString()),
          base_revision: byRevision[0]!.revision,
        }),
      ]);
      const rows = async (page: Promise<PulledPage>) => (await page).rows;
      const all = await rows(remote.pullChanges(0, 100));
      expect(all.map((r) => r.revision)).toEqual([...all.map((r) => r.revision)].sort((a, b) => a - b));
      expect(all).toHaveLength(3);
      const page = await rows(remote.pullChanges(0, 2));
      expect(page).toEqual(all.slice(0, 2));
      expect(await rows(remote.pullChanges(page[1]!.revision, 2))).toEqual(all.slice(2));
      expect(await rows(remote.pullChanges(0, 100, all[2]!.revision))).toEqual(all.slice(0, 2));
      expect(await rows(remote.pullChanges(all[0]!.revision, 100, all[2]!.revision))).toEqual(all.slice(1, 2));
      const live = await rows(remote.pullLive(0, 100));
      expect(live.map((r) => r.id).sort()).toEqual([byRevision[1]!.id, byRevision[2]!.id].sort());
    });

    it('[S10] a pull states the purge horizon beside its rows: 0 before any purge, then the highest revision purged', async () => {
      const { remote, userId, purge } = await open();
      const [a, b] = await remote.upsert([wireRow(userId), wireRow(userId)]);
      expect((await remote.pullChanges(0, 100)).purgedThrough).toBe(0);
      const [tomb] = await remote.upsert([
        wireRow(userId, { id: a!.id, ...forGood(new Date().toISOString()), base_revision: a!.revision }),
      ]);
      await purge();
      const page = await remote.pullChanges(0, 100);
      expect(page).toEqual({ rows: [expect.objectContaining({ id: b!.id })], purgedThrough: tomb!.revision });
      // The same horizon whatever the read: below it, above it, live rows only.
      expect((await remote.pullChanges(tomb!.revision, 100)).purgedThrough).toBe(tomb!.revision);
      expect((await remote.pullLive(0, 100)).purgedThrough).toBe(tomb!.revision);
    });
  });
}
