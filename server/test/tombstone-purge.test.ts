// [S10] The purge of old tombstones, through the database (PGlite here, PostgreSQL in server-postgres):
// which rows it removes, the horizon it keeps per user, batches, several purges at once, the schedule
// a server runs it on, and the horizon a read states beside its rows.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { purgeOldTombstones, schedulePurge, type PurgeCounts } from '../src/db/tombstone-purge';
import { againstHeldWrite } from '../../test/kit/held-write';
import { signedInClient, startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

let users = 0;
async function newUser(): Promise<string> {
  users += 1;
  const row = await server.ctx.db
    .insertInto('users')
    .values({ email: `purge-${users}@example.com`, encrypted_password: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A note of `userId`; a tombstone when `deleted` (deleted for good as a device does it: moved to the Trash,
 * then deleted_at written, [S30]). Resolves with its id and revision.
 */
async function note(userId: string, deleted: boolean): Promise<{ id: string; revision: number }> {
  const row = await server.ctx.db
    .insertInto('notes')
    .values({ user_id: userId, title: 't', content: 'c', is_checklist: false })
    .returning(['id', 'revision'])
    .executeTakeFirstOrThrow();
  if (!deleted) return row;
  await server.ctx.db.deleteFrom('notes').where('id', '=', row.id).execute();
  return server.ctx.db
    .updateTable('notes')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', row.id)
    .returning(['id', 'revision'])
    .executeTakeFirstOrThrow();
}

/** As a purge `daysAgo` days ago would have marked it: everything written so far is older than that. */
async function markWrittenSoFar(daysAgo: number): Promise<void> {
  await sql`INSERT INTO private.revision_marks (hour, marked_at, revision)
    SELECT date_trunc('hour', now() - make_interval(days => ${daysAgo})), now() - make_interval(days => ${daysAgo}), last_value FROM notes_revision_seq
    ON CONFLICT (hour) DO UPDATE SET marked_at = excluded.marked_at, revision = excluded.revision`.execute(
    server.ctx.db,
  );
}

const idsOf = async (userId: string) =>
  (await server.ctx.db.selectFrom('notes').select('id').where('user_id', '=', userId).execute())
    .map((row) => row.id)
    .sort();
const horizonOf = async (userId: string) =>
  (
    await server.ctx.db
      .selectFrom('purge_horizons')
      .select('purged_through')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.purged_through ?? null;
const countOf = async (userId: string) =>
  (await server.ctx.db.selectFrom('private.note_counts').select('n').where('user_id', '=', userId).executeTakeFirst())
    ?.n;

// Each test counts what its own purge removes: whatever an earlier test left is purged first.
beforeEach(async () => {
  await markWrittenSoFar(100);
  await purgeOldTombstones(server.ctx.db);
});

describe('the purge', () => {
  it("[S10] removes only tombstones older than the retention, keeps each user's highest purged revision, and gives their rows back", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const oldLive = await note(a, false);
    const oldTombs = [await note(a, true), await note(a, true)];
    const otherUsersTomb = await note(b, true);
    await markWrittenSoFar(91);
    const youngTomb = await note(a, true);
    const youngLive = await note(a, false);
    // Nothing is older than a year: nothing goes.
    expect(await purgeOldTombstones(server.ctx.db, { retentionDays: 365 })).toBe(0);
    expect(await countOf(a)).toBe(5);

    expect(await purgeOldTombstones(server.ctx.db)).toBe(3);
    expect(await idsOf(a)).toEqual([oldLive.id, youngTomb.id, youngLive.id].sort());
    expect(await idsOf(b)).toEqual([]);
    expect(await horizonOf(a)).toBe(Math.max(...oldTombs.map((t) => t.revision)));
    expect(await horizonOf(b)).toBe(otherUsersTomb.revision);
    expect([await countOf(a), await countOf(b)]).toEqual([3, 0]);
    expect(await purgeOldTombstones(server.ctx.db)).toBe(0);
  });

  it('[S10] goes a batch at a time, oldest first', async () => {
    const a = await newUser();
    const tombs = [];
    for (let i = 0; i < 5; i++) tombs.push(await note(a, true));
    await markWrittenSoFar(95);
    expect(await purgeOldTombstones(server.ctx.db, { batchRows: 2 })).toBe(5);
    expect(await idsOf(a)).toEqual([]);
    expect(await horizonOf(a)).toBe(tombs[4]!.revision);
  });

  it('[S10] two purges at once (two servers on one database) remove each tombstone once, and tell nobody', async () => {
    const a = await newUser();
    const tombs = [];
    for (let i = 0; i < 4; i++) tombs.push(await note(a, true));
    await markWrittenSoFar(92);
    const hints: string[] = [];
    const stop = await server.database.listenChanges({
      onHint: (hint) => hint.kind === 'note' && hint.userId === a && hints.push(`${hint.op} ${hint.noteId}`),
    });
    try {
      const counts = await Promise.all([purgeOldTombstones(server.ctx.db), purgeOldTombstones(server.ctx.db)]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(4);
      expect(await idsOf(a)).toEqual([]);
      // Hints arrive in commit order: once a later write's has come, any of the purge's would have too.
      const later = await note(a, false);
      await vi.waitFor(() => expect(hints).toContain(`INSERT ${later.id}`));
      expect(hints).toEqual([`INSERT ${later.id}`]);
    } finally {
      await stop();
    }
  });
});

describe.runIf(process.env.SPROUT_TEST_DATABASE === 'postgres')('the purge beside writes on PostgreSQL', () => {
  it('[S10] keeps a tombstone that a write undeletes while the purge waits for it', async () => {
    const a = await newUser();
    const tomb = await note(a, true);
    await markWrittenSoFar(93);
    const purged = await againstHeldWrite(
      server.ctx.db,
      (trx) => trx.updateTable('notes').set({ deleted_at: null, title: 'back' }).where('id', '=', tomb.id).execute(),
      () => purgeOldTombstones(server.ctx.db),
    );
    expect(purged).toBe(0);
    expect(
      await server.ctx.db
        .selectFrom('notes')
        .select(['title', 'deleted_at'])
        .where('id', '=', tomb.id)
        .executeTakeFirst(),
    ).toEqual({ title: 'back', deleted_at: null });
    expect(await horizonOf(a)).toBeNull();
  });
});

describe('the schedule', () => {
  it('[S10] purges soon after start and then at every interval, and stops', async () => {
    const a = await newUser();
    await note(a, true);
    await markWrittenSoFar(94);
    const purged: PurgeCounts[] = [];
    const failures: unknown[] = [];
    const stop = schedulePurge(server.ctx.db, {
      firstDelayMs: 0,
      intervalMs: 20,
      onPurged: (n) => purged.push(n),
      onError: (e) => failures.push(e),
    });
    try {
      await vi.waitFor(() => expect(purged.length).toBeGreaterThan(0));
      expect(await idsOf(a)).toEqual([]);
      // A tombstone old enough by the time of a later purge goes then.
      const second = await note(a, true);
      await markWrittenSoFar(96);
      await vi.waitFor(async () => expect(await idsOf(a)).not.toContain(second.id));
    } finally {
      stop();
    }
    expect(failures).toEqual([]);
  });
});

describe('a read that asks for the horizon', () => {
  it('[S10] states it beside its rows (0 before any purge); a read that does not ask is answered as before', async () => {
    const { client, session, user } = await signedInClient(server);
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/rest/v1/notes?select=id&revision=gt.0`, {
        headers: { apikey: server.anonKey, Authorization: `Bearer ${session.access_token}`, ...headers },
      });
    expect((await get({ 'Sprout-Horizon': 'purged' })).headers.get('Sprout-Purged-Through')).toBe('0');
    const { data } = await client
      .from('notes')
      .insert([
        { user_id: user.id, title: 'kept' },
        { user_id: user.id, title: 'deleted' },
      ])
      .select('id, title');
    const deleted = data!.find((row) => row.title === 'deleted')!;
    await client.from('notes').delete().eq('id', deleted.id);
    await client.from('notes').update({ deleted_at: new Date().toISOString() }).eq('id', deleted.id);
    const tomb = await server.ctx.db
      .selectFrom('notes')
      .select('revision')
      .where('id', '=', deleted.id)
      .executeTakeFirstOrThrow();
    await markWrittenSoFar(97);
    await purgeOldTombstones(server.ctx.db);

    const asked = await get({ 'Sprout-Horizon': 'purged' });
    expect(asked.headers.get('Sprout-Purged-Through')).toBe(String(tomb.revision));
    expect((await asked.json()) as unknown[]).toEqual([{ id: data!.find((row) => row.title === 'kept')!.id }]);
    const plain = await get();
    expect(plain.headers.get('Sprout-Purged-Through')).toBeNull();
    expect(await get({ 'Sprout-Horizon': 'everything' })).toMatchObject({ status: 400 });
  });
});
