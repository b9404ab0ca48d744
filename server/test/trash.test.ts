// The Trash on the server (docs/sync.md [S29]-[S31]), through real HTTP on a fresh database (PGlite here,
// PostgreSQL in server-postgres): a move there and back is an edit that syncs; no verb destroys a note that
// is not in the Trash, and a tombstone write of one that is deletes it for good; another user reaches none
// of it; the AI's recent notes leave trashed notes out. The purge of the Trash is in trash-purge.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteRowSchema, type NoteRow } from '#core/note';
import { EMPTY_CONTENT, NOTE_CONTENT_FIELDS, type NoteContent } from '#core/note-fields';
import { loadCallerContext } from '../src/ai/caller-context';
import { buildNote, buildUser, noteDraft, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = [await buildUser(server), await buildUser(server)];
});
afterAll(async () => server?.close());

const RICH = {
  title: 'Garden plan',
  content: 'Seeds, soil, a shed',
  expanded_content: 'Start with the soil',
  is_checklist: true,
  checklist_items: [{ id: 'i1', text: 'Buy seeds', completed: true }],
  chat_history: [{ role: 'user' as const, content: 'Where do I start?' }],
  tags: ['garden', 'home/outside'],
  ai_excluded: true,
};

const contentOf = (row: NoteRow): NoteContent =>
  Object.fromEntries(NOTE_CONTENT_FIELDS.map((field) => [field, row[field]])) as NoteContent;

async function seen(user: TestUser, id: string): Promise<NoteRow> {
  const { data, error } = await user.client.from('notes').select('*').eq('id', id).single();
  expect(error).toBeNull();
  return noteRowSchema.parse(data);
}

/** A row pushed as the app pushes it (an upsert on id, guarded by the revision it was made on). */
async function push(user: TestUser, row: NoteRow, changes: Record<string, unknown>): Promise<NoteRow> {
  const { data, error } = await user.client
    .from('notes')
    .upsert({ ...row, base_revision: row.revision, ...changes }, { onConflict: 'id' })
    .select()
    .single();
  expect(error).toBeNull();
  return noteRowSchema.parse(data);
}

const later = (iso: string, minutes = 1) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe('[S29] a move to the Trash is an edit', () => {
  it('[S29] a move by upsert keeps the content and reaches another device: a pull by revision shows it with trashed_at', async () => {
    const note = await buildNote(alice, RICH);
    const trashedAt = later(note.updated_at);
    const trashed = await push(alice, note, { trashed_at: trashedAt, updated_at: trashedAt, last_mutation_id: 'm-t' });
    expect(trashed).toMatchObject({ ...RICH, trashed_at: trashedAt, deleted_at: null, last_mutation_id: 'm-t' });
    expect(trashed.revision).toBeGreaterThan(note.revision);
    const pulled = await alice.client.from('notes').select('*').gt('revision', note.revision).order('revision');
    expect(pulled.data?.map((row) => noteRowSchema.parse(row))).toContainEqual(trashed);
  });

  it('[S29] a restore (trashed_at null) brings the note back exactly as it was, by upsert or by PATCH', async () => {
    const note = await buildNote(alice, RICH);
    const trashed = await push(alice, note, { trashed_at: later(note.updated_at) });
    const restored = await push(alice, trashed, { trashed_at: null, last_mutation_id: 'm-r' });
    expect(contentOf(restored)).toEqual(contentOf(note));
    expect(restored.revision).toBeGreaterThan(trashed.revision);

    await alice.client.from('notes').delete().eq('id', note.id);
    const patched = await alice.client.from('notes').update({ trashed_at: null }).eq('id', note.id).select().single();
    expect(contentOf(noteRowSchema.parse(patched.data))).toEqual(contentOf(note));
  });
});

describe('[S30] no verb destroys a note that is not in the Trash', () => {
  it('[S30] DELETE moves a live note to the Trash on the server’s clock, content intact; DELETE again changes nothing', async () => {
    const note = await buildNote(alice, RICH);
    const before = Date.now();
    const moved = await alice.client.from('notes').delete().eq('id', note.id).select();
    expect(moved.status).toBe(200);
    const [row] = (moved.data ?? []).map((r) => noteRowSchema.parse(r));
    expect(row).toEqual(await seen(alice, note.id));
    expect(row).toMatchObject({ ...RICH, deleted_at: null, updated_at: note.updated_at });
    expect(Date.parse(row!.trashed_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.revision).toBeGreaterThan(note.revision);

    const again = await alice.client.from('notes').delete().eq('id', note.id).select();
    expect(again.data).toEqual([]);
    const plain = await alice.client.from('notes').delete().eq('id', note.id);
    expect(plain.status).toBe(204);
    expect(await seen(alice, note.id)).toEqual(row);
  });

  it('[S30] a tombstone write of a live note (an older build, a plain PostgREST client) is a move to the Trash: the content stays though the write sent none', async () => {
    const note = await buildNote(alice, RICH);
    const deletedAt = later(note.updated_at);
    // What a build from before the Trash pushes: the tombstone's empty content, deleted_at, its own clock.
    const tombstone = { ...EMPTY_CONTENT, deleted_at: deletedAt, updated_at: deletedAt, last_mutation_id: 'm-old' };
    const upserted = await push(alice, note, tombstone);
    expect(upserted).toMatchObject({
      ...RICH,
      trashed_at: deletedAt,
      deleted_at: null,
      updated_at: deletedAt,
      last_mutation_id: 'm-old',
    });

    const other = await buildNote(alice, RICH);
    const patched = await alice.client
      .from('notes')
      .update({ title: '', content: '', deleted_at: deletedAt })
      .eq('id', other.id)
      .select()
      .single();
    expect(patched.data).toMatchObject({ ...RICH, trashed_at: deletedAt, deleted_at: null });
  });

  it('[S30] a stale tombstone write is refused (409) before the guard, and the note is left as it was', async () => {
    const note = await buildNote(alice, RICH);
    const edited = await push(alice, note, { title: 'Edited elsewhere' });
    const { error, status } = await alice.client
      .from('notes')
      .upsert({ ...note, base_revision: note.revision, deleted_at: later(note.updated_at) }, { onConflict: 'id' });
    expect(status).toBe(409);
    expect(error?.code).toBe('PT409');
    expect(await seen(alice, note.id)).toEqual(edited);
  });

  it('[S30] a tombstone write of a note in the Trash deletes it for good: content and trashed_at cleared, a new revision', async () => {
    const note = await buildNote(alice, RICH);
    const trashed = await push(alice, note, { trashed_at: later(note.updated_at) });
    const gone = await push(alice, trashed, { deleted_at: later(note.updated_at, 2), last_mutation_id: 'm-forever' });
    expect(gone).toMatchObject({
      title: '',
      content: '',
      expanded_content: null,
      is_checklist: false,
      checklist_items: null,
      chat_history: null,
      tags: null,
      ai_excluded: false,
      trashed_at: null,
      deleted_at: later(note.updated_at, 2),
      last_mutation_id: 'm-forever',
    });
    expect(gone.revision).toBeGreaterThan(trashed.revision);
    // DELETE leaves a tombstone as it is.
    expect((await alice.client.from('notes').delete().eq('id', note.id).select()).data).toEqual([]);
    expect(await seen(alice, note.id)).toEqual(gone);
  });

  it('[S30] an insert carrying deleted_at (a note the server never had) stays a tombstone', async () => {
    const draft = noteDraft(alice.id, { ...RICH, deleted_at: '2024-06-01T00:00:00.000Z' });
    const { data } = await alice.client.from('notes').upsert(draft, { onConflict: 'id' }).select().single();
    expect(data).toMatchObject({ title: '', content: '', deleted_at: '2024-06-01T00:00:00.000Z' });
    // Named the Trash too: still a tombstone, and the stored row keeps no trashed_at.
    const named = noteDraft(alice.id, {
      ...RICH,
      trashed_at: '2024-06-01T00:00:00.000Z',
      deleted_at: '2024-06-02T00:00:00.000Z',
    });
    await alice.client.from('notes').upsert(named, { onConflict: 'id' }).throwOnError();
    expect(await seen(alice, named.id)).toMatchObject({
      title: '',
      trashed_at: null,
      deleted_at: '2024-06-02T00:00:00.000Z',
    });
  });

  it('[S30] a tombstone that says when its note went to the Trash deletes a live note for good: trashed and deleted before a sync', async () => {
    const note = await buildNote(alice, RICH);
    // A device that moved the note to the Trash and deleted it for good while offline pushes one row.
    const gone = await push(alice, note, {
      ...EMPTY_CONTENT,
      trashed_at: later(note.updated_at),
      deleted_at: later(note.updated_at, 2),
      last_mutation_id: 'm-forever',
    });
    expect(gone).toMatchObject({ title: '', content: '', trashed_at: null, deleted_at: later(note.updated_at, 2) });
    expect(await seen(alice, note.id)).toEqual(gone);
  });
});

describe('[S30] another user and a note in the Trash', () => {
  it('[S30] can neither read, restore, change, delete nor delete it for good, by any route', async () => {
    const note = await buildNote(alice, RICH);
    const trashed = await push(alice, note, { trashed_at: later(note.updated_at) });
    const now = new Date().toISOString();
    const notes = () => bob.client.from('notes');

    expect((await notes().select('*').eq('id', note.id)).data).toEqual([]);
    expect((await notes().select('*').not('trashed_at', 'is', null)).data).toEqual([]);
    expect((await notes().update({ trashed_at: null }).eq('id', note.id).select()).data).toEqual([]);
    expect((await notes().update({ title: 'mine' }).eq('id', note.id).select()).data).toEqual([]);
    expect((await notes().update({ deleted_at: now }).eq('id', note.id).select()).data).toEqual([]);
    expect((await notes().delete().eq('id', note.id).select()).data).toEqual([]);
    const takeovers: Record<string, unknown>[] = [{ trashed_at: null }, { deleted_at: now }, { title: 'mine' }];
    for (const changes of takeovers) {
      const takeover = { ...noteDraft(bob.id), id: note.id, ...changes };
      expect((await notes().upsert(takeover, { onConflict: 'id' })).status).toBe(403);
      const ignored = await notes().upsert(takeover, { onConflict: 'id', ignoreDuplicates: true }).select();
      expect(ignored.data).toEqual([]);
    }
    expect(await seen(alice, note.id)).toEqual(trashed);
  });
});

describe("the AI's context", () => {
  it('lists no note in the Trash among the recent notes, nor a tombstone', async () => {
    const user = await buildUser(server);
    const kept = await buildNote(user, { title: 'Kept' });
    const trashed = await buildNote(user, { title: 'Trashed' });
    const gone = await buildNote(user, { title: 'Gone' });
    await user.client.from('notes').delete().in('id', [trashed.id, gone.id]);
    await server.ctx.db
      .updateTable('notes')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', gone.id)
      .execute();
    const log = { warn: () => undefined, error: () => undefined };
    const context = await loadCallerContext(server.ctx, user.id, log, { recentNotes: true });
    expect(context.recentNotes.map((note) => note.title)).toEqual([kept.title]);
  });
});
