// The history of notes (docs/history.md, migration 013), through real HTTP on a fresh database (PGlite here,
// PostgreSQL in server-postgres): which writes keep a version and why, the endpoints that list, read,
// restore and delete versions, the purge of old versions, and that no other user reaches any of it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MIN_VERSIONS } from '#core/history';
import { noteRowSchema, type NoteRow } from '#core/note';
import { purgeOldVersions } from '../src/db/tombstone-purge';
import { deviceName } from '../src/history/presenters';
import { buildNote, buildUser, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
/** Alice signed in on a second device: another session. */
let aliceLaptop: { token: string };

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = [await buildUser(server), await buildUser(server)];
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json', 'User-Agent': CHROME_ON_LINUX },
    body: JSON.stringify({ email: alice.email, password: alice.password }),
  });
  expect(response.status).toBe(200);
  aliceLaptop = { token: ((await response.json()) as { access_token: string }).access_token };
});
afterAll(async () => server?.close());

interface Version {
  id: string;
  keptAt: string;
  writtenAt: string;
  reason: string;
  device: string | null;
  title: string;
  bytes: number;
}

async function api(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });
}

async function versionsOf(token: string, id: string): Promise<Version[]> {
  const response = await api(token, `/notes/${id}/history`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { versions: Version[] }).versions;
}

/** A push as the app makes one: an upsert on id, guarded by the revision it was made on. */
async function push(
  token: string,
  row: NoteRow,
  changes: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<NoteRow> {
  const response = await fetch(`${server.url}/rest/v1/notes?on_conflict=id&select=*`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Prefer: 'resolution=merge-duplicates,return=representation',
      ...headers,
    },
    body: JSON.stringify([{ ...row, base_revision: row.revision, ...changes }]),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return noteRowSchema.parse(((await response.json()) as unknown[])[0]);
}

async function headsOf(id: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM note_heads WHERE note_id = ${id}`.execute(
    server.ctx.db,
  );
  return rows[0]!.n;
}

/** As if the last version of the note had been kept `minutes` ago. */
async function lastKeptAgo(id: string, minutes: number): Promise<void> {
  await sql`UPDATE note_heads SET kept_at = now() - make_interval(mins => ${minutes}) WHERE note_id = ${id}`.execute(
    server.ctx.db,
  );
}

describe('which writes keep a version', () => {
  it('keeps the first change of a session, then at most one every 10 minutes of its editing', async () => {
    const note = await buildNote(alice, { title: 'Plan', content: 'v1' });
    let row = await push(alice.token, note, { content: 'v2' });
    row = await push(alice.token, row, { content: 'v3' });
    row = await push(alice.token, row, { content: 'v4' });
    expect((await versionsOf(alice.token, note.id)).map((v) => v.reason)).toEqual(['interval']);
    await lastKeptAgo(note.id, 11);
    await push(alice.token, row, { content: 'v5' });
    const versions = await versionsOf(alice.token, note.id);
    expect(versions.map((v) => v.reason)).toEqual(['interval', 'interval']);
    const contents = await Promise.all(
      versions.map(async (v) => {
        const response = await api(alice.token, `/notes/${note.id}/history/${v.id}`);
        return ((await response.json()) as { content: { content: string } }).content.content;
      }),
    );
    expect(contents).toEqual(['v4', 'v1']);
  });

  it('keeps content written on another device before this device replaces it, naming that device', async () => {
    const note = await buildNote(alice, { title: 'Shared', content: 'from the phone' });
    const phone = await push(alice.token, note, { content: 'phone, again' });
    await push(aliceLaptop.token, phone, { content: 'from the laptop' });
    const [latest] = await versionsOf(alice.token, note.id);
    expect(latest).toMatchObject({ reason: 'device', title: 'Shared' });
    const response = await api(alice.token, `/notes/${note.id}/history/${latest!.id}`);
    expect(((await response.json()) as { content: { content: string } }).content.content).toBe('phone, again');
    // The laptop's own next edit replaces its own content: within the 10 minutes, nothing more is kept.
    const count = (await versionsOf(alice.token, note.id)).length;
    const laptop = noteRowSchema.parse((await alice.client.from('notes').select('*').eq('id', note.id).single()).data);
    await push(aliceLaptop.token, laptop, { content: 'from the laptop, again' });
    expect(await versionsOf(alice.token, note.id)).toHaveLength(count);
    // Then the phone replaces the laptop's content: kept, as the laptop's.
    const now = noteRowSchema.parse((await alice.client.from('notes').select('*').eq('id', note.id).single()).data);
    await push(alice.token, now, { content: 'phone wins' });
    expect((await versionsOf(alice.token, note.id))[0]).toMatchObject({ reason: 'device', device: 'Chrome on Linux' });
  });

  it('always keeps one before a move to the Trash, a restore, and the changes a push names (ai, conflict)', async () => {
    const note = await buildNote(alice, { title: 'Always', content: 'x' });
    let row = await push(alice.token, note, { content: 'y' }); // 'interval': the session's first change
    row = await push(alice.token, row, { trashed_at: new Date().toISOString() });
    row = await push(alice.token, row, { trashed_at: null });
    row = await push(alice.token, row, { expanded_content: '## Plan' }, { 'Sprout-History': `ai=${note.id}` });
    row = await push(
      alice.token,
      row,
      { content: 'resolved' },
      { 'Sprout-History': `conflict=${note.id.toUpperCase()}` },
    );
    // A write that changes nothing of the content keeps nothing.
    await push(alice.token, row, { updated_at: new Date().toISOString() });
    expect((await versionsOf(alice.token, note.id)).map((v) => v.reason)).toEqual([
      'conflict',
      'ai',
      'restore',
      'trash',
      'interval',
    ]);
  });

  it('keeps none for a pin or an archive from another device, which say where the note is, not what it says', async () => {
    const note = await buildNote(alice, { title: 'Pinned', content: 'x' });
    // From the laptop, a device other than the one that wrote the note: a content change would keep one.
    let row = await push(aliceLaptop.token, note, { pinned_at: new Date().toISOString() });
    row = await push(aliceLaptop.token, row, { archived_at: new Date().toISOString(), pinned_at: null });
    expect(row).toMatchObject({ pinned_at: null, archived_at: expect.any(String) });
    expect(await versionsOf(alice.token, note.id)).toEqual([]);
    await push(aliceLaptop.token, row, { content: 'y' });
    expect((await versionsOf(alice.token, note.id)).map((v) => v.reason)).toEqual(['device']);
  });

  it('keeps tags as what the note says: a tag change from another device keeps a version, a restore brings them back', async () => {
    const note = await buildNote(alice, { title: 'Tagged', content: 'x', tags: ['work/launch', 'home'] });
    expect(note.tags).toEqual(['work/launch', 'home']);
    const row = await push(aliceLaptop.token, note, { tags: ['errands'] });
    expect(row.tags).toEqual(['errands']);
    const [version] = await versionsOf(alice.token, note.id);
    expect(version).toMatchObject({ reason: 'device' });
    const restore = await api(alice.token, `/notes/${note.id}/history/${version!.id}/restore`, { method: 'POST' });
    expect(restore.status).toBe(200);
    const restored = (await alice.client.from('notes').select('*').eq('id', note.id).single()).data as NoteRow;
    expect(restored.tags).toEqual(['work/launch', 'home']);
  });

  it('refuses a Sprout-History header it cannot read, and writes nothing', async () => {
    const note = await buildNote(alice, { title: 'Header', content: 'a' });
    for (const header of ['ai', 'ai=not-a-uuid', 'undo=' + note.id, `ai=${note.id},`]) {
      const response = await fetch(`${server.url}/rest/v1/notes?on_conflict=id`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          Authorization: `Bearer ${alice.token}`,
          'Content-Type': 'application/json',
          Prefer: 'resolution=merge-duplicates',
          'Sprout-History': header,
        },
        body: JSON.stringify([{ ...note, base_revision: note.revision, content: 'b' }]),
      });
      expect(response.status, header).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'PGRST100' });
    }
    const { data } = await alice.client.from('notes').select('content').eq('id', note.id).single();
    expect(data?.content).toBe('a');
  });
});

describe('the history endpoints', () => {
  it('restores a version as a new change, keeping the content it replaces: the restore is undone the same way', async () => {
    const note = await buildNote(alice, { title: 'Essay', content: 'first draft', checklist_items: null });
    const row = await push(alice.token, note, { content: 'ruined', title: 'Essay!' });
    const [first] = await versionsOf(alice.token, note.id);
    const restore = await api(alice.token, `/notes/${note.id}/history/${first!.id}/restore`, { method: 'POST' });
    expect(restore.status).toBe(200);
    const { revision } = (await restore.json()) as { revision: number };
    expect(revision).toBeGreaterThan(row.revision);
    const restored = (await alice.client.from('notes').select('*').eq('id', note.id).single()).data as NoteRow;
    expect(restored).toMatchObject({ title: 'Essay', content: 'first draft', revision, trashed_at: null });
    const [undo] = await versionsOf(alice.token, note.id);
    expect(undo).toMatchObject({ reason: 'version', title: 'Essay!' });
    await api(alice.token, `/notes/${note.id}/history/${undo!.id}/restore`, { method: 'POST' });
    const back = (await alice.client.from('notes').select('*').eq('id', note.id).single()).data as NoteRow;
    expect(back).toMatchObject({ title: 'Essay!', content: 'ruined' });
  });

  it('leaves the pin and the archive as they are when a version is restored', async () => {
    const note = await buildNote(alice, { title: 'Kept where it is', content: 'one' });
    const row = await push(alice.token, note, { content: 'two' });
    const placed = await push(alice.token, row, {
      pinned_at: '2026-01-02T03:04:05.000Z',
      archived_at: '2026-01-03T03:04:05.000Z',
    });
    const [first] = await versionsOf(alice.token, note.id);
    const restore = await api(alice.token, `/notes/${note.id}/history/${first!.id}/restore`, { method: 'POST' });
    expect(restore.status).toBe(200);
    const restored = (await alice.client.from('notes').select('*').eq('id', note.id).single()).data as NoteRow;
    expect(restored).toMatchObject({
      content: 'one',
      pinned_at: placed.pinned_at,
      archived_at: placed.archived_at,
    });
  });

  it('keeps in a version whether the note was kept out of the assistant; a restore leaves the mark as it is (issue 34)', async () => {
    const note = await buildNote(alice, { title: 'Diary', content: 'one', ai_excluded: true });
    const row = await push(aliceLaptop.token, note, { content: 'two' });
    const [version] = await versionsOf(alice.token, note.id);
    const read = await api(alice.token, `/notes/${note.id}/history/${version!.id}`);
    expect(((await read.json()) as { content: { ai_excluded: boolean } }).content.ai_excluded).toBe(true);
    // Unmarked since: restoring the kept-out version does not mark it again, and the other way round a
    // restore never makes a kept-out note sendable.
    await push(alice.token, row, { ai_excluded: false });
    expect(
      (await api(alice.token, `/notes/${note.id}/history/${version!.id}/restore`, { method: 'POST' })).status,
    ).toBe(200);
    let restored = noteRowSchema.parse((await alice.client.from('notes').select('*').eq('id', note.id).single()).data);
    expect(restored).toMatchObject({ content: 'one', ai_excluded: false });
    await push(alice.token, restored, { ai_excluded: true });
    // The version the restore kept, of the note unmarked.
    const [older] = (await versionsOf(alice.token, note.id)).filter((v) => v.reason === 'version');
    const olderRead = await api(alice.token, `/notes/${note.id}/history/${older!.id}`);
    expect(((await olderRead.json()) as { content: { ai_excluded: boolean } }).content.ai_excluded).toBe(false);
    expect((await api(alice.token, `/notes/${note.id}/history/${older!.id}/restore`, { method: 'POST' })).status).toBe(
      200,
    );
    restored = noteRowSchema.parse((await alice.client.from('notes').select('*').eq('id', note.id).single()).data);
    expect(restored.ai_excluded).toBe(true);
  });

  it('deletes a note’s history on its owner’s request; a note deleted for good takes its history with it', async () => {
    const note = await buildNote(alice, { title: 'Private', content: 'a' });
    let row = await push(alice.token, note, { content: 'b' });
    expect(await versionsOf(alice.token, note.id)).toHaveLength(1);
    expect((await api(alice.token, `/notes/${note.id}/history`, { method: 'DELETE' })).status).toBe(204);
    expect(await versionsOf(alice.token, note.id)).toEqual([]);

    row = await push(alice.token, row, { trashed_at: new Date().toISOString() });
    expect(await versionsOf(alice.token, note.id)).toHaveLength(1);
    await push(alice.token, row, { deleted_at: new Date().toISOString() });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM note_versions WHERE note_id = ${note.id}`.execute(server.ctx.db);
    expect(rows[0]?.n).toBe(0);
    expect((await api(alice.token, `/notes/${note.id}/history`)).status).toBe(404);
    expect(await headsOf(note.id)).toBe(0);
  });

  it('keeps no bookkeeping of a note removed from the table (the tombstone purge, an account’s deletion)', async () => {
    const note = await buildNote(alice, { title: 'Gone', content: 'a' });
    expect(await headsOf(note.id)).toBe(1);
    await server.ctx.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('sprout.hard_delete', 'on', true)`.execute(trx);
      await sql`DELETE FROM notes WHERE id = ${note.id}`.execute(trx);
    });
    expect(await headsOf(note.id)).toBe(0);
  });

  it('lets no other user list, read, restore or delete a note’s history, by any id', async () => {
    const note = await buildNote(alice, { title: 'Mine', content: 'secret' });
    await push(alice.token, note, { content: 'secret 2' });
    const [version] = await versionsOf(alice.token, note.id);
    const bobs = await buildNote(bob, { title: 'Bob', content: 'b' });
    for (const [method, path] of [
      ['GET', `/notes/${note.id}/history`],
      ['GET', `/notes/${note.id}/history/${version!.id}`],
      ['GET', `/notes/${bobs.id}/history/${version!.id}`],
      ['POST', `/notes/${note.id}/history/${version!.id}/restore`],
      ['POST', `/notes/${bobs.id}/history/${version!.id}/restore`],
      ['DELETE', `/notes/${note.id}/history`],
    ] as const) {
      const response = await api(bob.token, path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain('secret');
    }
    expect(await versionsOf(alice.token, note.id)).toHaveLength(1);
    const { data } = await alice.client.from('notes').select('content').eq('id', note.id).single();
    expect(data?.content).toBe('secret 2');
  });

  it('answers a malformed request with a clear 400, and one without a session with 401', async () => {
    const note = await buildNote(alice, { title: 'Ids' });
    for (const path of ['/notes/nope/history', `/notes/${note.id}/history/abc`, `/notes/${note.id}/history?before=x`]) {
      const response = await api(alice.token, path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await api(alice.token, `/notes/${note.id}/history/999999`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/notes/${note.id}/history`)).status).toBe(401);
  });
});

describe('the purge of old versions', () => {
  it(`removes versions older than the retention, except each note's newest ${HISTORY_MIN_VERSIONS}`, async () => {
    const old = await buildNote(alice, { title: 'Old', content: '0' });
    const young = await buildNote(alice, { title: 'Young', content: '0' });
    const insert = (noteId: string, n: number, daysAgo: number) =>
      sql`INSERT INTO note_versions (note_id, user_id, revision, written_at, content, reason, kept_at, bytes)
          SELECT ${noteId}, ${alice.id}, g, now(), jsonb_build_object('title', 'v' || g), 'interval',
            now() - make_interval(days => ${daysAgo}) + make_interval(secs => g), 10
          FROM generate_series(1, ${n}) g`.execute(server.ctx.db);
    await insert(old.id, HISTORY_MIN_VERSIONS + 5, 100);
    await insert(young.id, 3, 100);
    await insert(young.id, 2, 1);
    expect(await purgeOldVersions(server.ctx.db, { batchRows: 2 })).toBe(5);
    const kept = await versionsOf(alice.token, old.id);
    expect(kept).toHaveLength(HISTORY_MIN_VERSIONS);
    expect(kept.at(-1)?.title).toBe('v6');
    expect(await versionsOf(alice.token, young.id)).toHaveLength(5);
  });
});

it('names devices as people do', () => {
  expect(deviceName(CHROME_ON_LINUX)).toBe('Chrome on Linux');
  expect(
    deviceName(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('Safari on iOS');
  expect(deviceName(null)).toBeNull();
  expect(deviceName('')).toBeNull();
});
