// Row-level security in the REST layer (ARCHITECTURE 9.6): user B, with the real supabase-js client,
// can neither see nor change user A's notes through any verb; every check of A's row is made as A.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noteRowSchema, type NoteRow } from '../../core/note';
import { buildUser, noteDraft, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let aliceNote: NoteRow;
let aliceOther: NoteRow;

async function aliceSees(id: string): Promise<NoteRow> {
  const { data, error } = await alice.client.from('notes').select('*').eq('id', id).single();
  expect(error).toBeNull();
  return noteRowSchema.parse(data);
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
  bob = await buildUser(server);
});
afterAll(async () => server?.close());

beforeEach(async () => {
  const { data, error } = await alice.client
    .from('notes')
    .insert([noteDraft(alice.id, { title: 'A1' }), noteDraft(alice.id, { title: 'A2' })])
    .select();
  expect(error).toBeNull();
  [aliceNote, aliceOther] = (data ?? []).map((row) => noteRowSchema.parse(row)) as [NoteRow, NoteRow];
  await bob.client.from('notes').insert(noteDraft(bob.id, { title: 'B1' }));
});

describe("B reading A's notes", () => {
  it("select returns only B's rows, with or without a user_id filter naming A", async () => {
    const all = await bob.client.from('notes').select('*');
    expect(all.error).toBeNull();
    expect(all.data?.length).toBeGreaterThan(0);
    expect(all.data?.every((row) => row.user_id === bob.id)).toBe(true);
    const asA = await bob.client.from('notes').select('*').eq('user_id', alice.id);
    expect(asA.error).toBeNull();
    expect(asA.data).toEqual([]);
    const notB = await bob.client.from('notes').select('*').neq('user_id', bob.id);
    expect(notB.data).toEqual([]);
  });

  it("in, eq by id, .single() and counts find nothing of A's", async () => {
    const byIn = await bob.client.from('notes').select('*').in('id', [aliceNote.id, aliceOther.id]);
    expect(byIn.data).toEqual([]);
    const single = await bob.client.from('notes').select('*').eq('id', aliceNote.id).single();
    expect(single.status).toBe(406);
    const count = await bob.client.from('notes').select('*', { count: 'exact', head: true }).eq('user_id', alice.id);
    expect(count.count).toBe(0);
    const pull = await bob.client.from('notes').select('id').gt('revision', 0).eq('id', aliceNote.id);
    expect(pull.data).toEqual([]);
  });
});

describe("B writing A's notes", () => {
  it("update by A's id changes nothing", async () => {
    const { data, error } = await bob.client.from('notes').update({ title: 'hacked' }).eq('id', aliceNote.id).select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const broad = await bob.client
      .from('notes')
      .update({ title: 'hacked' })
      .in('id', [aliceNote.id, aliceOther.id])
      .select();
    expect(broad.data).toEqual([]);
    expect(await aliceSees(aliceNote.id)).toEqual(aliceNote);
    expect(await aliceSees(aliceOther.id)).toEqual(aliceOther);
  });

  it("delete by A's id leaves no tombstone and moves nothing to the Trash", async () => {
    const { data, error } = await bob.client.from('notes').delete().eq('id', aliceNote.id).select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const softDelete = await bob.client
      .from('notes')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', aliceNote.id)
      .select();
    expect(softDelete.data).toEqual([]);
    expect(await aliceSees(aliceNote.id)).toEqual(aliceNote);
  });

  it("insert with A's user_id is refused with 403 42501", async () => {
    const before = await alice.client.from('notes').select('*', { count: 'exact', head: true });
    const { error, status } = await bob.client.from('notes').insert(noteDraft(alice.id)).select();
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "notes"',
    });
    const batch = await bob.client.from('notes').insert([noteDraft(bob.id), noteDraft(alice.id)]);
    expect(batch.status).toBe(403);
    const after = await alice.client.from('notes').select('*', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
  });

  it("an update setting user_id to A is refused, and B's row stays B's", async () => {
    const { data: mine } = await bob.client.from('notes').select('*').limit(1).single();
    const { error, status } = await bob.client.from('notes').update({ user_id: alice.id }).eq('id', mine?.id);
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    const { data: still } = await bob.client.from('notes').select('user_id').eq('id', mine?.id).single();
    expect(still?.user_id).toBe(bob.id);
  });

  it("upsert with A's note id is refused and A's row is unchanged, whole batch rolled back", async () => {
    const takeover = { ...noteDraft(bob.id), id: aliceNote.id, title: 'mine now' };
    const merge = await bob.client.from('notes').upsert(takeover, { onConflict: 'id' }).select();
    expect(merge.status).toBe(403);
    expect(merge.error?.code).toBe('42501');
    expect(JSON.stringify(merge.error)).not.toContain('A1');

    const withoutUser = await bob.client
      .from('notes')
      .upsert({ id: aliceNote.id, title: 'mine now' }, { onConflict: 'id' });
    expect(withoutUser.status).toBe(403);

    const fresh = noteDraft(bob.id);
    const batch = await bob.client.from('notes').upsert([fresh, takeover], { onConflict: 'id' });
    expect(batch.status).toBe(403);
    const { data: rolledBack } = await bob.client.from('notes').select('id').eq('id', fresh.id);
    expect(rolledBack).toEqual([]);

    const asA = await bob.client.from('notes').upsert({ ...takeover, user_id: alice.id }, { onConflict: 'id' });
    expect(asA.status).toBe(403);
    expect(await aliceSees(aliceNote.id)).toEqual(aliceNote);
  });

  it("upsert with A's id and a stale base_revision never reveals A's row", async () => {
    const probe = { ...noteDraft(bob.id), id: aliceNote.id, base_revision: aliceNote.revision + 1000 };
    const { error, status } = await bob.client.from('notes').upsert(probe, { onConflict: 'id' }).select();
    expect(status).toBe(403);
    expect(error?.details ?? null).toBeNull();
    expect(JSON.stringify(error)).not.toContain(aliceNote.content);
    expect(await aliceSees(aliceNote.id)).toEqual(aliceNote);
  });

  it("ignore-duplicates with A's id and a plain insert of A's id change nothing and reveal nothing", async () => {
    const ignored = await bob.client
      .from('notes')
      .upsert({ ...noteDraft(bob.id), id: aliceNote.id, title: 'x' }, { onConflict: 'id', ignoreDuplicates: true })
      .select();
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const duplicate = await bob.client
      .from('notes')
      .insert({ ...noteDraft(bob.id), id: aliceNote.id })
      .select();
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    expect(duplicate.error?.details ?? null).toBeNull();
    expect(JSON.stringify(duplicate.error)).not.toContain(alice.id);
    expect(await aliceSees(aliceNote.id)).toEqual(aliceNote);
  });

  it("a tombstone of A's note, or a move to the Trash, through B is impossible by any verb", async () => {
    await bob.client.from('notes').delete().eq('id', aliceNote.id);
    await bob.client.from('notes').delete().in('id', [aliceNote.id]);
    await bob.client.from('notes').update({ deleted_at: new Date().toISOString() }).eq('id', aliceNote.id);
    await bob.client.from('notes').update({ trashed_at: new Date().toISOString() }).eq('id', aliceNote.id);
    await bob.client
      .from('notes')
      .upsert({ ...noteDraft(bob.id), id: aliceNote.id, deleted_at: new Date().toISOString() }, { onConflict: 'id' });
    await bob.client
      .from('notes')
      .upsert({ ...noteDraft(bob.id), id: aliceNote.id, trashed_at: new Date().toISOString() }, { onConflict: 'id' });
    const row = await aliceSees(aliceNote.id);
    expect(row.deleted_at).toBeNull();
    expect(row.trashed_at).toBeNull();
    expect(row).toEqual(aliceNote);
  });
});
