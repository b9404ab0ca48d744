// /rest/v1/notes through the real supabase-js client: every call of spec section 7 as the app makes it,
// and the reads the sync engine makes (filters, counts, pages). The revision guard is in rest-sync.test.ts.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_COLUMNS, noteRowSchema } from '../../core/note';
import { buildNote, buildUser, noteDraft, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let user: TestUser;
let client: SupabaseClient;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await buildUser(server);
  ({ client, id: userId } = user);
});
afterAll(async () => server?.close());

const draft = (overrides?: Parameters<typeof noteDraft>[1]) => noteDraft(userId, overrides);
const create = (overrides?: Parameters<typeof buildNote>[1]) => buildNote(user, overrides);

describe("spec section 7: the app's calls", () => {
  it("lists the user's notes, all columns, newest updated_at first", async () => {
    const older = await create({ title: 'older' });
    const newer = await create({ title: 'newer' });
    const { data, error, status } = await client
      .from('notes')
      .select('*')
      .eq('user_id', userId)
      .order('updated_at', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const rows = (data ?? []).map((row) => noteRowSchema.parse(row));
    const ids = rows.map((row) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(Object.keys(data?.[0] ?? {}).sort()).toEqual([...NOTE_COLUMNS].sort());
    expect(data?.[0]).not.toHaveProperty('base_revision');
  });

  it('inserts a note and returns it with .select().single()', async () => {
    const note = draft({
      title: 'Garden plan',
      is_checklist: true,
      checklist_items: [
        { id: 'auto-0', text: 'Buy seeds', completed: false },
        // A date, a repeat and a reminder (issue 35) come back as written.
        {
          id: 'auto-1',
          text: 'Water',
          completed: false,
          due: '2026-03-31T07:00:00.000Z',
          repeat: 'daily',
          remind: true,
        },
      ],
      chat_history: [{ role: 'user', content: 'Help me plan' }],
      last_mutation_id: 'm-insert-1',
    });
    const { data, error, status } = await client.from('notes').insert(note).select().single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    const row = noteRowSchema.parse(data);
    expect(row).toMatchObject({
      id: note.id,
      user_id: userId,
      title: 'Garden plan',
      checklist_items: note.checklist_items,
      chat_history: note.chat_history,
    });
    expect(row.created_at).toBe(note.created_at);
    expect(row.revision).toBeGreaterThan(0);
    expect(row.deleted_at).toBeNull();
  });

  it('inserts without .select() as return=minimal: 201 and no body', async () => {
    const note = draft();
    const { data, error, status } = await client.from('notes').insert(note);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const { data: stored } = await client.from('notes').select('id').eq('id', note.id);
    expect(stored).toEqual([{ id: note.id }]);
  });

  it("fills a missing user_id with the caller's", async () => {
    const { user_id: _omit, ...note } = draft();
    const { data, error } = await client.from('notes').insert(note).select('id,user_id').single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: note.id, user_id: userId });
  });

  it('inserts an array (columns=) where missing keys become null, or defaults with missing=default', async () => {
    const a = draft({ expanded_content: 'Expanded' });
    const { expanded_content: _drop, ...b } = draft();
    const { data, error } = await client.from('notes').insert([a, b]).select('id,expanded_content');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: a.id, expanded_content: 'Expanded' },
      { id: b.id, expanded_content: null },
    ]);
    const { title: _title, ...untitled } = draft();
    const { data: defaulted, error: defaultError } = await client
      .from('notes')
      .insert([draft({ title: 'titled' }), untitled], { defaultToNull: false })
      .select('title');
    expect(defaultError).toBeNull();
    expect(defaulted).toEqual([{ title: 'titled' }, { title: '' }]);
  });

  it('updates by id and returns the row with a new revision', async () => {
    const note = await create();
    const { data, error, status } = await client
      .from('notes')
      .update({ title: 'Renamed', updated_at: new Date().toISOString() })
      .eq('id', note.id)
      .select();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(1);
    const row = noteRowSchema.parse(data?.[0]);
    expect(row.title).toBe('Renamed');
    expect(row.revision).toBeGreaterThan(note.revision);
    expect(row.created_at).toBe(note.created_at);
  });

  it('keeps a note out of the assistant: ai_excluded written, read back and filtered on, false when not sent (issue 34)', async () => {
    const { ai_excluded: _unsent, ...older } = draft({ title: 'From an older build' });
    const { data: inserted } = await client.from('notes').insert(older).select('ai_excluded').single();
    expect(inserted).toEqual({ ai_excluded: false });
    const note = await create({ title: 'Diary' });
    const { data, error } = await client
      .from('notes')
      .update({ ai_excluded: true })
      .eq('id', note.id)
      .select()
      .single();
    expect(error).toBeNull();
    expect(noteRowSchema.parse(data)).toMatchObject({ ai_excluded: true, updated_at: note.updated_at });
    const { data: kept } = await client.from('notes').select('id').eq('user_id', userId).eq('ai_excluded', true);
    expect(kept).toEqual([{ id: note.id }]);
    // A write that does not name it (an older build's) leaves it as it is.
    const { data: edited } = await client.from('notes').update({ content: 'x' }).eq('id', note.id).select().single();
    expect(edited).toMatchObject({ ai_excluded: true, content: 'x' });
  });

  it('updates without .select(): 204', async () => {
    const note = await create();
    const { error, status, data } = await client.from('notes').update({ content: 'changed' }).eq('id', note.id);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it('[S30] deletes by id into the Trash, content kept; a write of deleted_at then leaves a tombstone with its content cleared', async () => {
    const note = await create({ title: 'Doomed', content: 'secret', chat_history: [{ role: 'user', content: 'hi' }] });
    const { error, status } = await client.from('notes').delete().eq('id', note.id);
    expect(error).toBeNull();
    expect(status).toBe(204);
    const trashed = noteRowSchema.parse((await client.from('notes').select('*').eq('id', note.id).single()).data);
    expect(trashed).toMatchObject({ title: 'Doomed', content: 'secret', deleted_at: null });
    expect(trashed.trashed_at).not.toBeNull();
    expect(trashed.revision).toBeGreaterThan(note.revision);
    const forever = await client.from('notes').update({ deleted_at: new Date().toISOString() }).eq('id', note.id);
    expect(forever.status).toBe(204);
    const { data } = await client.from('notes').select('*').eq('id', note.id).single();
    const tombstone = noteRowSchema.parse(data);
    expect(tombstone.deleted_at).not.toBeNull();
    expect(tombstone).toMatchObject({
      title: '',
      content: '',
      expanded_content: null,
      chat_history: null,
      checklist_items: null,
      trashed_at: null,
    });
    expect(tombstone.revision).toBeGreaterThan(trashed.revision);
  });

  it('[S30] returns the note a delete moved to the Trash with .select(), and a second delete finds nothing', async () => {
    const note = await create();
    const { data, error, status } = await client.from('notes').delete().eq('id', note.id).select();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(1);
    expect(data?.[0]).toMatchObject({ title: note.title, trashed_at: expect.any(String), deleted_at: null });
    const again = await client.from('notes').delete().eq('id', note.id).select();
    expect(again.data).toEqual([]);
  });

  it('upserts an array with onConflict id: inserts new rows and merges existing ones', async () => {
    const existing = await create({ title: 'before' });
    const fresh = draft({ title: 'new' });
    const { data, error, status } = await client
      .from('notes')
      .upsert([{ ...draft(), id: existing.id, title: 'after', created_at: existing.created_at }, fresh], {
        onConflict: 'id',
      })
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    const rows = (data ?? []).map((row) => noteRowSchema.parse(row));
    expect(rows.map((row) => row.title).sort()).toEqual(['after', 'new']);
    const merged = rows.find((row) => row.id === existing.id);
    expect(merged?.revision).toBeGreaterThan(existing.revision);
    expect(merged?.created_at).toBe(existing.created_at);
  });

  it('upserts with ignoreDuplicates: existing rows stay as they are', async () => {
    const existing = await create({ title: 'keep me' });
    const { data, error } = await client
      .from('notes')
      .upsert({ ...draft(), id: existing.id, title: 'ignored' }, { onConflict: 'id', ignoreDuplicates: true })
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: row } = await client.from('notes').select('title,revision').eq('id', existing.id).single();
    expect(row).toEqual({ title: 'keep me', revision: existing.revision });
  });
});

describe('reading', () => {
  it('answers .single() with 406 PGRST116 unless exactly one row matches', async () => {
    const none = await client.from('notes').select('*').eq('id', randomUUID()).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 0 rows',
    });
    await create();
    const many = await client.from('notes').select('*').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
    const maybe = await client.from('notes').select('*').eq('id', randomUUID()).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('counts exactly in Content-Range, also for a page and for head requests', async () => {
    const { count: total } = await client.from('notes').select('*', { count: 'exact', head: true });
    expect(total).toBeGreaterThan(3);
    const page = await client.from('notes').select('id', { count: 'exact' }).order('revision').range(0, 1);
    expect(page.error).toBeNull();
    expect(page.count).toBe(total);
    expect(page.data).toHaveLength(2);
    expect(page.status).toBe(206);
    const empty = await client.from('notes').select('*', { count: 'exact' }).eq('id', randomUUID());
    expect(empty.count).toBe(0);
    expect(empty.data).toEqual([]);
  });

  it('pulls incrementally with revision=gt.N ordered by revision', async () => {
    const first = await create();
    const second = await create();
    const third = await create();
    const { data, error } = await client
      .from('notes')
      .select('id,revision')
      .gt('revision', first.revision)
      .order('revision', { ascending: true });
    expect(error).toBeNull();
    expect(data?.map((row) => row.id)).toEqual([second.id, third.id]);
    const { data: upTo } = await client
      .from('notes')
      .select('id')
      .lte('revision', second.revision)
      .gte('revision', first.revision)
      .order('revision');
    expect(upTo?.map((row) => row.id)).toEqual([first.id, second.id]);
  });

  it('filters with in, is null, not, neq, like and ilike', async () => {
    const a = await create({ title: 'Shopping list' });
    const b = await create({ title: 'Tax, (2024) "draft"' });
    const c = await create({ title: 'Other' });
    await client.from('notes').delete().eq('id', c.id);
    await client.from('notes').update({ deleted_at: new Date().toISOString() }).eq('id', c.id);
    const { data: byIn } = await client
      .from('notes')
      .select('id')
      .in('id', [a.id, b.id, randomUUID()])
      .order('revision');
    expect(byIn?.map((row) => row.id)).toEqual([a.id, b.id]);
    const { data: byTitle } = await client.from('notes').select('id').in('title', ['Tax, (2024) "draft"']);
    expect(byTitle).toEqual([{ id: b.id }]);
    const { data: live } = await client.from('notes').select('id').in('id', [a.id, c.id]).is('deleted_at', null);
    expect(live).toEqual([{ id: a.id }]);
    const { data: dead } = await client.from('notes').select('id').in('id', [a.id, c.id]).not('deleted_at', 'is', null);
    expect(dead).toEqual([{ id: c.id }]);
    const { data: notIn } = await client.from('notes').select('id').in('id', [a.id, b.id]).not('id', 'in', `(${a.id})`);
    expect(notIn).toEqual([{ id: b.id }]);
    const { data: neq } = await client.from('notes').select('id').in('id', [a.id, b.id]).neq('id', a.id);
    expect(neq).toEqual([{ id: b.id }]);
    const { data: ilike } = await client.from('notes').select('id').ilike('title', '%SHOPPING%');
    expect(ilike).toEqual([{ id: a.id }]);
    const { data: like } = await client.from('notes').select('id').like('title', 'Shop*');
    expect(like).toEqual([{ id: a.id }]);
    const { data: flag } = await client.from('notes').select('id').in('id', [a.id]).eq('is_checklist', false);
    expect(flag).toEqual([{ id: a.id }]);
  });

  it('pages with limit, offset and order', async () => {
    const made = [await create({ title: 'p1' }), await create({ title: 'p2' }), await create({ title: 'p3' })];
    const ids = made.map((note) => note.id);
    const { data: limited } = await client
      .from('notes')
      .select('title')
      .in('id', ids)
      .order('title', { ascending: false })
      .limit(2);
    expect(limited).toEqual([{ title: 'p3' }, { title: 'p2' }]);
    const { data: ranged } = await client.from('notes').select('title').in('id', ids).order('title').range(1, 2);
    expect(ranged).toEqual([{ title: 'p2' }, { title: 'p3' }]);
  });

  it('selects a column list with aliases, and orders by several columns with nulls placement', async () => {
    const note = await create({ title: 'Aliased', expanded_content: null });
    const { data } = await client.from('notes').select('id, name:title, revision').eq('id', note.id).single();
    expect(data).toEqual({ id: note.id, name: 'Aliased', revision: note.revision });
    const { error } = await client
      .from('notes')
      .select('id')
      .order('expanded_content', { ascending: true, nullsFirst: true })
      .order('id', { ascending: false });
    expect(error).toBeNull();
  });
});
