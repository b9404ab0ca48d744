// The notes table's sync rules live in database triggers (docs/sync.md), so they hold for every
// client, on PGlite and PostgreSQL alike: revisions, stale-write refusal, the Trash, tombstones.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ id: userId } = await insertUser(server));
});
afterAll(async () => server?.close());

const insert = (values: { base_revision?: number | null; title?: string } = {}) =>
  server.ctx.db
    .insertInto('notes')
    .values({
      user_id: userId,
      title: values.title ?? 't',
      content: 'c',
      is_checklist: false,
      base_revision: values.base_revision ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

const rowOf = (id: string) =>
  server.ctx.db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** A write of deleted_at, as a device deletes a note for good: a tombstone only for a note in the Trash [S30]. */
const tombstoneWrite = (id: string) =>
  server.ctx.db
    .updateTable('notes')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', id)
    .execute();

describe('notes triggers', () => {
  it('gives every write a new, increasing revision', async () => {
    const note = await insert();
    const updated = await server.ctx.db
      .updateTable('notes')
      .set({ title: 'u' })
      .where('id', '=', note.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(updated.revision).toBeGreaterThan(note.revision);
  });

  it('keeps no base_revision on an inserted row, so later plain writes and deletes apply', async () => {
    const note = await insert({ base_revision: 0 });
    const stored = await server.ctx.db
      .selectFrom('notes')
      .select(['base_revision', 'revision'])
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(stored.base_revision).toBeNull();
    // The insert's housekeeping is not a write: the revision is the insert's.
    expect(stored.revision).toBe(note.revision);
    await server.ctx.db.updateTable('notes').set({ title: 'plain' }).where('id', '=', note.id).execute();
    await server.ctx.db.deleteFrom('notes').where('id', '=', note.id).execute();
    expect(await rowOf(note.id)).toMatchObject({ title: 'plain', trashed_at: expect.any(Date), deleted_at: null });
    await tombstoneWrite(note.id);
    expect(await rowOf(note.id)).toMatchObject({ title: '', trashed_at: null, deleted_at: expect.any(Date) });
  });

  it('refuses an update made on a stale revision with PT409 and the current row', async () => {
    const note = await insert();
    await server.ctx.db.updateTable('notes').set({ title: 'newer' }).where('id', '=', note.id).execute();
    const error = await server.ctx.db
      .updateTable('notes')
      .set({ title: 'stale', base_revision: note.revision })
      .where('id', '=', note.id)
      .execute()
      .then(
        () => null,
        (e: unknown) => e as { code?: string; detail?: string },
      );
    expect(error?.code).toBe('PT409');
    expect(JSON.parse(error?.detail ?? '{}')).toMatchObject({ id: note.id, title: 'newer' });
  });

  it('[S30] turns DELETE into a move to the Trash, then into nothing; a tombstone write of the trashed note clears it; deletes for real only under sprout.hard_delete', async () => {
    const note = await insert({ title: 'secret' });
    await server.ctx.db.deleteFrom('notes').where('id', '=', note.id).execute();
    const trashed = await rowOf(note.id);
    expect(trashed).toMatchObject({ title: 'secret', content: 'c', trashed_at: expect.any(Date), deleted_at: null });
    expect(trashed.revision).toBeGreaterThan(note.revision);
    await server.ctx.db.deleteFrom('notes').where('id', '=', note.id).execute();
    expect(await rowOf(note.id)).toEqual(trashed);
    await tombstoneWrite(note.id);
    const tomb = await rowOf(note.id);
    expect(tomb).toMatchObject({
      title: '',
      content: '',
      checklist_items: null,
      chat_history: null,
      trashed_at: null,
      deleted_at: expect.any(Date),
    });
    await server.ctx.db.deleteFrom('notes').where('id', '=', note.id).execute();
    expect(await rowOf(note.id)).toEqual(tomb);
    await server.ctx.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('sprout.hard_delete', 'on', true)`.execute(trx);
      await trx.deleteFrom('notes').where('id', '=', note.id).execute();
    });
    expect(
      await server.ctx.db.selectFrom('notes').select('id').where('id', '=', note.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('note_counts (what NOTES_QUOTA reads)', () => {
  const countOf = async (id: string) =>
    (await server.ctx.db.selectFrom('private.note_counts').select('n').where('user_id', '=', id).executeTakeFirst())
      ?.n ?? 0;
  const held = async (id: string) =>
    Number(
      (
        await server.ctx.db
          .selectFrom('notes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('follows inserts, batches and upserts, keeps tombstones, and gives back hard deletes', async () => {
    const owner = await insertUser(server);
    const values = (title: string) => ({ user_id: owner.id, title, content: 'c', is_checklist: false });
    const one = await server.ctx.db.insertInto('notes').values(values('one')).returning('id').executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('notes')
      .values([values('a'), values('b'), values('c')])
      .execute();
    expect(await countOf(owner.id)).toBe(4);
    // An upsert that meets an existing id updates it and adds nothing; a new id in the same batch adds one.
    await sql`INSERT INTO notes (id, user_id, title, content, is_checklist) VALUES (${one.id}, ${owner.id}, 'again', 'c', false),
      (gen_random_uuid(), ${owner.id}, 'new', 'c', false) ON CONFLICT (id) DO UPDATE SET title = excluded.title`.execute(
      server.ctx.db,
    );
    expect(await countOf(owner.id)).toBe(5);
    // In the Trash, then a tombstone: still held.
    await server.ctx.db.deleteFrom('notes').where('id', '=', one.id).execute();
    expect(await countOf(owner.id)).toBe(5);
    await tombstoneWrite(one.id);
    expect(await countOf(owner.id)).toBe(5);
    await server.ctx.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('sprout.hard_delete', 'on', true)`.execute(trx);
      await trx.deleteFrom('notes').where('id', '=', one.id).execute();
    });
    expect(await countOf(owner.id)).toBe(4);
    expect(await countOf(owner.id)).toBe(await held(owner.id));
    await server.ctx.db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect(
      await server.ctx.db
        .selectFrom('private.note_counts')
        .select('n')
        .where('user_id', '=', owner.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses, whole, a statement that takes a user past sprout.notes_quota; rows an upsert only updates do not count', async () => {
    const owner = await insertUser(server);
    const values = (title: string) => ({ user_id: owner.id, title, content: 'c', is_checklist: false });
    const withQuota = <T>(quota: string, work: (trx: typeof server.ctx.db) => Promise<T>) =>
      server.ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('sprout.notes_quota', ${quota}, true)`.execute(trx);
        return work(trx);
      });
    const kept = await withQuota('3', (trx) =>
      trx
        .insertInto('notes')
        .values([values('a'), values('b')])
        .returning('id')
        .execute(),
    );
    await expect(
      withQuota('3', (trx) =>
        trx
          .insertInto('notes')
          .values([values('c'), values('d')])
          .execute(),
      ),
    ).rejects.toMatchObject({
      code: 'PT429',
      message: 'Note quota reached: at most 3 notes per user',
    });
    expect(await countOf(owner.id)).toBe(2);
    expect(await held(owner.id)).toBe(2);
    // Two existing ids and one new: one row added, at the quota.
    await withQuota('3', (trx) =>
      sql`INSERT INTO notes (id, user_id, title, content, is_checklist) VALUES (${kept[0]!.id}, ${owner.id}, 'again', 'c', false),
        (${kept[1]!.id}, ${owner.id}, 'again', 'c', false), (gen_random_uuid(), ${owner.id}, 'new', 'c', false)
        ON CONFLICT (id) DO UPDATE SET title = excluded.title`.execute(trx),
    );
    expect(await countOf(owner.id)).toBe(3);
    // A session without the setting (plain SQL, maintenance) has no quota.
    await withQuota('', (trx) =>
      trx
        .insertInto('notes')
        .values([values('e'), values('f')])
        .execute(),
    );
    expect(await countOf(owner.id)).toBe(5);
  });

  it('a rolled-back insert counts nothing', async () => {
    const owner = await insertUser(server);
    await server.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('notes')
          .values({ user_id: owner.id, title: 'x', content: 'c', is_checklist: false })
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await countOf(owner.id)).toBe(0);
  });
});

describe('deleting a user', () => {
  it('deletes their notes with them, those in the Trash and tombstones included', async () => {
    const other = await insertUser(server);
    const values = { user_id: other.id, title: 'gone', content: 'c', is_checklist: false };
    const add = () => server.ctx.db.insertInto('notes').values(values).returning('id').executeTakeFirstOrThrow();
    const [live, trashed, dead] = [await add(), await add(), await add()];
    await server.ctx.db.deleteFrom('notes').where('id', 'in', [trashed.id, dead.id]).execute();
    await tombstoneWrite(dead.id);
    expect(await rowOf(dead.id)).toMatchObject({ deleted_at: expect.any(Date) });
    await server.ctx.db.deleteFrom('users').where('id', '=', other.id).execute();
    const ids = [live.id, trashed.id, dead.id];
    expect(await server.ctx.db.selectFrom('notes').select('id').where('id', 'in', ids).execute()).toEqual([]);
  });
});

describe.runIf(process.env.SPROUT_TEST_DATABASE === 'postgres')('concurrent writes on PostgreSQL', () => {
  it('take a user’s revisions one transaction at a time, so a pull by revision never skips one', async () => {
    const note = await insert({ title: 'first' });
    // Writer A has written (and taken its revision) but not committed. If writer B could take a larger
    // revision and commit first, a pull in between would move past A's revision before A is visible.
    let releaseA!: () => void;
    let aWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (aWrote = resolve));
    const a = server.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('notes').set({ title: 'A' }).where('id', '=', note.id).execute();
      aWrote();
      await new Promise<void>((resolve) => (releaseA = resolve));
    });
    await wrote;
    let bDone = false;
    const b = insert({ title: 'B' }).then((row) => {
      bDone = true;
      return row;
    });
    // Not a sleep: wait until PostgreSQL itself shows B blocked on a lock, then B must still be waiting.
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(server.ctx.db);
        expect(rows[0]?.waiting).toBe(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(bDone).toBe(false);
    releaseA();
    await a;
    const rowB = await b;
    const rowA = await server.ctx.db
      .selectFrom('notes')
      .select('revision')
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(rowA.revision).toBeLessThan(rowB.revision);
  });
});
