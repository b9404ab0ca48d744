// [S31] The purge of the Trash, through the database (PGlite here, PostgreSQL in server-postgres), with each
// user's retention chosen as the app saves it (PUT /auth/v1/user): what it deletes for good and when, what
// a device then pulls, batches, several purges at once, a write while it waits, and the schedule. Time passes
// as in tombstone-purge.test.ts: revision marks dated in the past say how old what was written so far is.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteRowSchema, type NoteRow } from '#core/note';
import { DEFAULT_TRASH_RETENTION, TRASH_RETENTION_CHOICES, TRASH_RETENTION_FIELD } from '#core/trash';
import { purgeExpiredTrash, schedulePurge, type PurgeCounts } from '../src/db/tombstone-purge';
import { buildNote, buildUser, type TestUser } from '../../test/kit/factories';
import { againstHeldWrite } from '../../test/kit/held-write';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** As a purge `daysAgo` days ago would have marked it: everything written so far is older than that. */
async function markWrittenSoFar(daysAgo: number): Promise<void> {
  await sql`INSERT INTO private.revision_marks (hour, marked_at, revision)
    SELECT date_trunc('hour', now() - make_interval(days => ${daysAgo})), now() - make_interval(days => ${daysAgo}), last_value FROM notes_revision_seq
    ON CONFLICT (hour) DO UPDATE SET marked_at = excluded.marked_at, revision = excluded.revision`.execute(
    server.ctx.db,
  );
}

/** A user who keeps the Trash `retention` (left unset when undefined), as Settings saves it. */
async function userKeeping(retention: unknown): Promise<TestUser> {
  const user = await buildUser(server);
  if (retention !== undefined) {
    const { error } = await user.client.auth.updateUser({ data: { [TRASH_RETENTION_FIELD]: retention } });
    expect(error).toBeNull();
  }
  return user;
}

/** A note of `user` moved to the Trash by DELETE [S30]. */
async function trashedNote(user: TestUser, title = 'In the Trash'): Promise<NoteRow> {
  const note = await buildNote(user, { title });
  const { data } = await user.client.from('notes').delete().eq('id', note.id).select().single();
  return noteRowSchema.parse(data);
}

const stored = (id: string) =>
  server.ctx.db
    .selectFrom('notes')
    .select(['title', 'trashed_at', 'deleted_at', 'revision'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const isInTrash = async (note: NoteRow) => (await stored(note.id)).trashed_at !== null;

// Each test counts what its own purge deletes: whatever an earlier test left past its retention goes first.
beforeEach(async () => {
  await markWrittenSoFar(100);
  await purgeExpiredTrash(server.ctx.db);
});

describe('the trash purge', () => {
  it("[S31] deletes nothing before the owner's retention, each note at its own (7, 30, 90 days; 30 for anything else), never for 'never'", async () => {
    const choices = [...TRASH_RETENTION_CHOICES, undefined, '7', 14];
    const users = await Promise.all(choices.map((choice) => userKeeping(choice)));
    const notes = await Promise.all(users.map((user) => trashedNote(user)));
    const live = await buildNote(users[0]!, { title: 'Live' });
    const daysOf = (choice: unknown) =>
      (TRASH_RETENTION_CHOICES as readonly unknown[]).includes(choice) ? choice : DEFAULT_TRASH_RETENTION;

    const days = TRASH_RETENTION_CHOICES.filter((choice) => choice !== 'never');
    for (const retention of days) {
      const due = notes.filter((_, i) => daysOf(choices[i]) === retention);
      await markWrittenSoFar(retention - 1);
      expect(await purgeExpiredTrash(server.ctx.db), `${retention} days: not yet`).toBe(0);
      await markWrittenSoFar(retention + 1);
      expect(await purgeExpiredTrash(server.ctx.db), `${retention} days`).toBe(due.length);
      for (const note of due) expect(await isInTrash(note)).toBe(false);
    }
    const kept = notes.filter((_, i) => daysOf(choices[i]) === 'never');
    expect(kept).toHaveLength(1);
    expect(await stored(kept[0]!.id)).toMatchObject({
      title: 'In the Trash',
      trashed_at: expect.any(Date),
      deleted_at: null,
    });
    expect(await stored(live.id)).toMatchObject({ title: 'Live', trashed_at: null, deleted_at: null });
  });

  it('[S31] turns a note into a tombstone with a new revision, which a device pulls and is told of', async () => {
    const user = await userKeeping(7);
    const note = await trashedNote(user);
    await markWrittenSoFar(8);
    const hints: string[] = [];
    const stop = await server.database.listenChanges({
      onHint: (hint) => hint.kind === 'note' && hint.userId === user.id && hints.push(`${hint.op} ${hint.noteId}`),
    });
    try {
      expect(await purgeExpiredTrash(server.ctx.db)).toBe(1);
      await vi.waitFor(() => expect(hints).toEqual([`UPDATE ${note.id}`]));
    } finally {
      await stop();
    }
    const pulled = await user.client.from('notes').select('*').gt('revision', note.revision);
    expect(pulled.data).toHaveLength(1);
    const tombstone = noteRowSchema.parse(pulled.data?.[0]);
    expect(tombstone).toMatchObject({ id: note.id, title: '', content: '', trashed_at: null });
    expect(tombstone.deleted_at).not.toBeNull();
    expect(tombstone.revision).toBeGreaterThan(note.revision);
  });

  it('[S31] keeps a note restored, edited or deleted for good since: its age counts from its last write', async () => {
    const user = await userKeeping(7);
    const [restored, edited, forever] = [await trashedNote(user), await trashedNote(user), await trashedNote(user)];
    await markWrittenSoFar(8);
    await user.client.from('notes').update({ trashed_at: null }).eq('id', restored.id);
    await user.client.from('notes').update({ title: 'Edited in the Trash' }).eq('id', edited.id);
    await user.client.from('notes').update({ deleted_at: new Date().toISOString() }).eq('id', forever.id);
    const before = await Promise.all([restored, edited, forever].map((note) => stored(note.id)));
    expect(await purgeExpiredTrash(server.ctx.db)).toBe(0);
    expect(await Promise.all([restored, edited, forever].map((note) => stored(note.id)))).toEqual(before);
  });

  it('[S31] goes a batch at a time, lowest revision first; marks the hour itself and deletes no mark', async () => {
    const user = await userKeeping(30);
    const notes = [];
    for (let i = 0; i < 5; i++) notes.push(await trashedNote(user, `n${i}`));
    await markWrittenSoFar(31);
    await sql`DELETE FROM private.revision_marks WHERE hour = date_trunc('hour', now())`.execute(server.ctx.db);
    const marks = await server.ctx.db.selectFrom('private.revision_marks').selectAll().orderBy('hour').execute();

    const { rows } = await sql<{ purged: number }>`select private.purge_expired_trash(2) as purged`.execute(
      server.ctx.db,
    );
    expect(rows[0]?.purged).toBe(2);
    expect(await Promise.all(notes.map(isInTrash))).toEqual([false, false, true, true, true]);
    expect(await purgeExpiredTrash(server.ctx.db, { batchRows: 2 })).toBe(3);
    expect(await Promise.all(notes.map(isInTrash))).toEqual([false, false, false, false, false]);

    const after = await server.ctx.db.selectFrom('private.revision_marks').selectAll().orderBy('hour').execute();
    expect(after.slice(0, -1)).toEqual(marks);
    expect(after.at(-1)?.marked_at.getTime()).toBeGreaterThan(Date.now() - 60 * 60_000);
  });

  it('[S31] two purges at once (two servers on one database) delete each note once', async () => {
    const user = await userKeeping(90);
    const notes = await Promise.all([1, 2, 3, 4].map(() => trashedNote(user)));
    await markWrittenSoFar(91);
    const counts = await Promise.all([purgeExpiredTrash(server.ctx.db), purgeExpiredTrash(server.ctx.db)]);
    expect(counts[0] + counts[1]).toBe(4);
    expect(await Promise.all(notes.map(isInTrash))).toEqual([false, false, false, false]);
  });
});

describe.runIf(process.env.SPROUT_TEST_DATABASE === 'postgres')('the trash purge beside writes on PostgreSQL', () => {
  it('[S31] keeps a note that a restore writes while the purge waits for it', async () => {
    const user = await userKeeping(7);
    const note = await trashedNote(user);
    await markWrittenSoFar(8);
    const purged = await againstHeldWrite(
      server.ctx.db,
      (trx) => trx.updateTable('notes').set({ trashed_at: null, title: 'back' }).where('id', '=', note.id).execute(),
      () => purgeExpiredTrash(server.ctx.db),
    );
    expect(purged).toBe(0);
    expect(await stored(note.id)).toMatchObject({ title: 'back', trashed_at: null, deleted_at: null });
  });
});

describe('the schedule', () => {
  it('[S31] runs the trash purge beside the tombstone purge, soon after start and at every interval', async () => {
    const user = await userKeeping(7);
    const first = await trashedNote(user);
    await markWrittenSoFar(8);
    const purged: PurgeCounts[] = [];
    const failures: unknown[] = [];
    const stop = schedulePurge(server.ctx.db, {
      firstDelayMs: 0,
      intervalMs: 20,
      onPurged: (counts) => purged.push(counts),
      onError: (error) => failures.push(error),
    });
    try {
      // (Its tombstone purge may find earlier tests' tombstones old enough too.)
      await vi.waitFor(() => expect(purged.map((counts) => counts.trash)).toContain(1));
      expect(await isInTrash(first)).toBe(false);
      const second = await trashedNote(user);
      await markWrittenSoFar(9);
      await vi.waitFor(async () => expect(await isInTrash(second)).toBe(false));
    } finally {
      stop();
    }
    expect(failures).toEqual([]);
  });
});
