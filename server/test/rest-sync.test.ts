// /rest/v1/notes for the sync engine: the revision guard (ARCHITECTURE 9.2) through supabase-js, and the
// PostgREST wire details supabase-js relies on (9.11) through raw requests.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteRowSchema } from '../../core/note';
import { buildNote, buildUser, noteDraft, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let user: TestUser;
let client: SupabaseClient;
let userId: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await buildUser(server);
  ({ client, id: userId, token } = user);
});
afterAll(async () => server?.close());

const draft = (overrides?: Parameters<typeof noteDraft>[1]) => noteDraft(userId, overrides);
const create = (overrides?: Parameters<typeof buildNote>[1]) => buildNote(user, overrides);

/** A raw request with the caller's token, for what supabase-js cannot express. */
function rest(path: string, init: RequestInit = {}) {
  return fetch(`${server.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

describe('sync protocol (ARCHITECTURE 9.2)', () => {
  it('applies an upsert whose base_revision is current, and its revision increases', async () => {
    const note = await create();
    const { data, error } = await client
      .from('notes')
      .upsert([{ ...draft(), id: note.id, title: 'v2', base_revision: note.revision, last_mutation_id: 'm-ok' }], {
        onConflict: 'id',
      })
      .select();
    expect(error).toBeNull();
    const row = noteRowSchema.parse(data?.[0]);
    expect(row.title).toBe('v2');
    expect(row.revision).toBeGreaterThan(note.revision);
    expect(row.last_mutation_id).toBe('m-ok');
  });

  it('refuses a stale base_revision with 409 PT409 carrying the current row, and a resend sees its own mutation id', async () => {
    const note = await create({ title: 'v1' });
    const edit = { ...draft(), id: note.id, title: 'v2', base_revision: note.revision, last_mutation_id: 'm-first' };
    const first = await client.from('notes').upsert([edit], { onConflict: 'id' }).select();
    expect(first.error).toBeNull();
    const current = noteRowSchema.parse(first.data?.[0]);

    const stale = await client
      .from('notes')
      .upsert(
        [
          {
            ...draft(),
            id: note.id,
            title: 'v2 from elsewhere',
            base_revision: note.revision,
            last_mutation_id: 'm-other',
          },
        ],
        { onConflict: 'id' },
      )
      .select();
    expect(stale.status).toBe(409);
    expect(stale.error?.code).toBe('PT409');
    expect(stale.error?.message).toEqual(expect.any(String));
    const row = noteRowSchema.parse(JSON.parse(stale.error?.details ?? 'null'));
    expect(row).toEqual(current);
    expect(JSON.parse(stale.error?.details ?? '{}')).not.toHaveProperty('base_revision');

    // The same mutation sent again (e.g. its response was lost): the 409's row carries its mutation id.
    const resend = await client.from('notes').upsert([edit], { onConflict: 'id' }).select();
    expect(resend.status).toBe(409);
    expect(JSON.parse(resend.error?.details ?? '{}')).toMatchObject({
      id: note.id,
      last_mutation_id: 'm-first',
      revision: current.revision,
    });

    const unchanged = await client.from('notes').select('*').eq('id', note.id).single();
    expect(unchanged.data).toEqual(current);
  });

  it('refuses a stale base_revision on PATCH too, and rolls back the whole batch of an upsert', async () => {
    const note = await create();
    await client.from('notes').update({ title: 'moved on' }).eq('id', note.id);
    const patch = await client
      .from('notes')
      .update({ title: 'late', base_revision: note.revision })
      .eq('id', note.id)
      .select();
    expect(patch.status).toBe(409);
    expect(JSON.parse(patch.error?.details ?? '{}')).toMatchObject({ id: note.id, title: 'moved on' });
    const fresh = draft();
    const batch = await client
      .from('notes')
      .upsert([fresh, { ...draft(), id: note.id, base_revision: note.revision }], { onConflict: 'id' });
    expect(batch.status).toBe(409);
    const { data } = await client.from('notes').select('id').eq('id', fresh.id);
    expect(data).toEqual([]);
  });

  it('guards each row of a batch with its own base, whatever form its id is written in', async () => {
    const stale = await create({ title: 'stale one' });
    await client.from('notes').update({ title: 'moved on' }).eq('id', stale.id);
    // PostgreSQL reads a uuid in upper case, with braces or without hyphens: the guard must find it still.
    for (const id of [stale.id.toUpperCase(), `{${stale.id}}`, stale.id.replaceAll('-', '')]) {
      const refused = await rest('notes?on_conflict=id', {
        method: 'POST',
        headers: { Prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify([{ ...draft(), id, title: 'late', base_revision: stale.revision }]),
      });
      expect(refused.status, id).toBe(409);
    }
    const current = await create({ title: 'current one' });
    const fresh = draft({ base_revision: 0 });
    const batch = await client
      .from('notes')
      .upsert(
        [
          fresh,
          { ...draft(), id: current.id, title: 'current, edited', base_revision: current.revision },
          { ...draft(), id: stale.id, title: 'no base, applies' },
        ],
        { onConflict: 'id' },
      )
      .select();
    expect(batch.error).toBeNull();
    expect(batch.data?.map((row) => row.title).sort()).toEqual(
      ['current, edited', fresh.title, 'no base, applies'].sort(),
    );
  });

  it('applies a write without base_revision unconditionally', async () => {
    const note = await create();
    await client.from('notes').update({ title: 'someone else' }).eq('id', note.id);
    const { data, error } = await client
      .from('notes')
      .upsert({ ...draft(), id: note.id, title: 'last writer wins' }, { onConflict: 'id' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data?.title).toBe('last writer wins');
  });

  it('lets a note created by an upsert with a base_revision be edited later without one', async () => {
    const note = draft({ base_revision: 0, last_mutation_id: 'm-create' });
    const created = await client.from('notes').upsert([note], { onConflict: 'id' }).select().single();
    expect(created.error).toBeNull();
    const edited = await client.from('notes').update({ title: 'edited' }).eq('id', note.id).select().single();
    expect(edited.error).toBeNull();
    const deleted = await client.from('notes').delete().eq('id', note.id).select().single();
    expect(deleted.error).toBeNull();
  });

  it('ignores a revision sent by the client: the database sets it', async () => {
    const note = await create();
    const { data } = await client
      .from('notes')
      .update({ title: 'x', revision: 1 })
      .eq('id', note.id)
      .select('revision')
      .single();
    expect(data?.revision).toBeGreaterThan(note.revision);
  });

  it('[S30] an upsert carrying deleted_at moves a live note to the Trash, content kept, and tombstones one in the Trash', async () => {
    const note = await create({ content: 'bye' });
    const deletedAt = new Date().toISOString();
    const trashed = await client
      .from('notes')
      .upsert(
        {
          ...draft(),
          id: note.id,
          deleted_at: deletedAt,
          base_revision: note.revision,
          last_mutation_id: 'm-old-build',
        },
        { onConflict: 'id' },
      )
      .select()
      .single();
    expect(trashed.data).toMatchObject({
      id: note.id,
      content: 'bye',
      trashed_at: deletedAt,
      deleted_at: null,
      last_mutation_id: 'm-old-build',
    });
    const { data } = await client
      .from('notes')
      .upsert(
        { ...draft(), id: note.id, deleted_at: new Date().toISOString(), base_revision: trashed.data?.revision },
        { onConflict: 'id' },
      )
      .select()
      .single();
    expect(data).toMatchObject({ id: note.id, content: '', trashed_at: null, deleted_at: expect.any(String) });
  });
});

describe('wire details (ARCHITECTURE 9.11)', () => {
  it('answers Content-Range on GET and HEAD, */0 when a count finds nothing', async () => {
    const page = await rest('notes?select=id&limit=2');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe('0-1/*');
    const none = await rest(`notes?select=id&id=eq.${randomUUID()}`, { headers: { Prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
    const head = await rest('notes?select=*', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toMatch(/^0-\d+\/\d+$/);
    expect(await head.text()).toBe('');
  });

  it('reads Prefer values with or without spaces, in one header or several', async () => {
    const note = draft();
    for (const prefer of [
      'return=representation,resolution=merge-duplicates',
      'resolution=merge-duplicates, return=representation, count=exact',
    ]) {
      const response = await rest('notes?on_conflict=id&columns=%22id%22,%22title%22', {
        method: 'POST',
        headers: { Prefer: prefer, 'Content-Profile': 'public' },
        body: JSON.stringify([note]),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject([{ id: note.id, title: note.title }]);
    }
    const headers = new Headers({
      apikey: server.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    });
    headers.append('Prefer', 'return=representation');
    headers.append('Prefer', 'count=exact');
    const patched = await fetch(`${server.url}/rest/v1/notes?id=eq.${note.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ title: 't' }),
    });
    expect(patched.status).toBe(200);
    expect(patched.headers.get('content-range')).toBe('0-0/1');
  });

  it('answers return=headers-only with a Location, and strips nulls when asked', async () => {
    const note = draft();
    const created = await rest('notes', {
      method: 'POST',
      headers: { Prefer: 'return=headers-only' },
      body: JSON.stringify(note),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/notes?id=eq.${note.id}`);
    const stripped = await rest(`notes?select=id,expanded_content&id=eq.${note.id}`, {
      headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    });
    expect(await stripped.json()).toEqual({ id: note.id });
  });

  it('stores timestamps with or without a zone as UTC and returns them as ISO strings', async () => {
    const note = await create({ created_at: '2024-01-02T03:04:05+02:00', updated_at: '2024-01-02 03:04:05' });
    expect(note.created_at).toBe('2024-01-02T01:04:05.000Z');
    expect(note.updated_at).toBe('2024-01-02T03:04:05.000Z');
    const { data } = await client.from('notes').select('id').eq('id', note.id).gte('updated_at', '2024-01-02T03:04:05');
    expect(data).toEqual([{ id: note.id }]);
  });
});
