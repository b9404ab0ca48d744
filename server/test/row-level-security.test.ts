// [issue 36.4] Ownership enforced by the database (migrations 015 and 016), on PGlite and PostgreSQL: a
// statement run as a user's request runs (the server's own asUser: the role sprout_user with the
// request's claims set for its transaction, as PostgREST does) sees and changes only its own user's rows
// even with no user filter at all, cannot write a row for another user, sees nothing without claims, and
// cannot reach the server's secrets, limits, settings or server-only functions, which are no longer in
// public at all. And the server does run users' requests that way.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { buildUser, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let db: Kysely<DB>;
let a: TestUser;
let b: TestUser;

class RolledBack extends Error {}

/**
 * Runs `work` as a request of `userId` runs (the server's asUser), or as sprout_user with no claims at
 * all when null; then rolls everything back.
 */
async function asUser<T>(userId: string | null, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  let result!: T;
  const run = async (trx: Kysely<DB>) => {
    result = await work(trx);
    throw new RolledBack();
  };
  await (
    userId
      ? server.ctx.asUser.transaction(userId, run)
      : db.transaction().execute(async (trx) => {
          await sql`SET LOCAL ROLE sprout_user`.execute(trx);
          return run(trx);
        })
  ).catch((error: unknown) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return result;
}

const count = async (trx: Kysely<DB>, table: string) =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(trx)).rows[0]?.n);

/** The SQLSTATE a statement fails with, or 'ok'. */
async function outcome(work: (trx: Kysely<DB>) => Promise<unknown>, userId: string): Promise<string> {
  return asUser(userId, async (trx) => {
    await sql`SAVEPOINT attempt`.execute(trx);
    try {
      await work(trx);
      return 'ok';
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT attempt`.execute(trx);
      return String((error as { code?: string }).code);
    }
  });
}

const USER_TABLES = ['users', 'sessions', 'refresh_tokens', 'notes', 'note_versions', 'note_heads'] as const;

/** The server's own tables (migration 016), by their qualified names. */
const PRIVATE_TABLES = [
  'private.server_secrets',
  'private.user_ai_keys',
  'private.rate_limits',
  'private.instance_settings',
  'private.revision_marks',
  'private.note_counts',
];

beforeAll(async () => {
  server = await startTestServer();
  db = server.ctx.db;
  [a, b] = [await buildUser(server), await buildUser(server)];
  for (const user of [a, b]) {
    for (let i = 0; i < 3; i++) {
      const now = new Date().toISOString();
      const id = crypto.randomUUID();
      const created = await user.client
        .from('notes')
        .insert({ id, title: `note ${i}`, content: 'first', created_at: now, updated_at: now });
      expect(created.error).toBeNull();
      const edited = await user.client.from('notes').update({ trashed_at: now }).eq('id', id);
      expect(edited.error).toBeNull();
    }
    const key = await fetch(`${server.url}/api/ai/key`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiKey: `sk-or-v1-${user.id.replace(/-/g, '')}` }),
    });
    expect(key.status).toBeLessThan(300);
  }
});

afterAll(async () => {
  await server?.close();
});

/** Rows of a table that belong to `userId`, read by the server's own (owner) connection. */
async function ownedBy(table: (typeof USER_TABLES)[number], userId: string): Promise<number> {
  if (table === 'users') return 1;
  if (table === 'note_heads')
    return Number(
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM note_heads h JOIN notes n ON n.id = h.note_id WHERE n.user_id = ${userId}`.execute(
          db,
        )
      ).rows[0]?.n,
    );
  return Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE user_id = ${userId}`.execute(db))
      .rows[0]?.n,
  );
}

describe('row-level security', () => {
  it('shows a request only its own rows, in every user-owned table, with no filter at all', async () => {
    for (const table of USER_TABLES) {
      const mine = await ownedBy(table, a.id);
      expect(mine, table).toBeGreaterThan(0);
      // Both users' rows are there for the server itself.
      expect(await count(db, table), table).toBe(mine + (await ownedBy(table, b.id)));
      expect(await asUser(a.id, (trx) => count(trx, table)), table).toBe(mine);
      // A statement on its own, as a read runs.
      expect(await server.ctx.asUser.statements(a.id, (handle) => count(handle, table)), table).toBe(mine);
      // No claims: no one's rows.
      expect(await asUser(null, (trx) => count(trx, table)), table).toBe(0);
    }
  });

  it("changes and deletes only its own rows, and cannot write another user's", async () => {
    const bNotes = await ownedBy('notes', b.id);
    const changed = await asUser(a.id, async (trx) => {
      // Versions first: the update below keeps new ones (the history trigger runs as this role too).
      const deleted = await sql`DELETE FROM note_versions`.execute(trx);
      const updated = await sql`UPDATE notes SET title = 'taken'`.execute(trx);
      await sql`RESET ROLE`.execute(trx);
      const bTaken = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM notes WHERE user_id = ${b.id} AND title = 'taken'`.execute(trx);
      const bVersions = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM note_versions WHERE user_id = ${b.id}`.execute(trx);
      return {
        updated: Number(updated.numAffectedRows),
        deleted: Number(deleted.numAffectedRows),
        bTaken: bTaken.rows[0]?.n,
        bVersions: bVersions.rows[0]?.n,
      };
    });
    expect(changed.updated).toBe(await ownedBy('notes', a.id));
    expect(changed.deleted).toBe(await ownedBy('note_versions', a.id));
    expect(changed.bTaken).toBe(0);
    expect(changed.bVersions).toBe(await ownedBy('note_versions', b.id));
    expect(bNotes).toBe(3);

    // A row for another user is refused by the policy's check (SQLSTATE 42501).
    const now = new Date().toISOString();
    expect(
      await outcome(
        (trx) =>
          sql`INSERT INTO notes (id, user_id, title, created_at, updated_at) VALUES (${crypto.randomUUID()}, ${b.id}, 'planted', ${now}, ${now})`.execute(
            trx,
          ),
        a.id,
      ),
    ).toBe('42501');
    expect(await outcome((trx) => sql`UPDATE notes SET user_id = ${b.id}`.execute(trx), a.id)).toBe('42501');
    // Its own is fine, through the same triggers as the server's writes.
    expect(
      await outcome(
        (trx) =>
          sql`INSERT INTO notes (id, user_id, title, created_at, updated_at) VALUES (${crypto.randomUUID()}, ${a.id}, 'mine', ${now}, ${now})`.execute(
            trx,
          ),
        a.id,
      ),
    ).toBe('ok');
  });

  it("keeps the server's own tables and functions out of public, and out of a request's reach", async () => {
    const { rows: tables } = await sql<{
      name: string;
    }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(db);
    expect(tables.map((table) => table.name)).toEqual([
      'note_heads',
      'note_versions',
      'notes',
      'purge_horizons',
      'refresh_tokens',
      'schema_migrations',
      'sessions',
      'users',
    ]);
    // What is left in public is callable only by a trigger, or harmless: the note's content as JSON and
    // the claims' user.
    const { rows: functions } = await sql<{ name: string }>`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prorettype <> 'trigger'::regtype ORDER BY 1`.execute(db);
    expect(functions.map((fn) => fn.name)).toEqual(['note_content', 'request_user_id']);

    for (const table of PRIVATE_TABLES) {
      expect(await count(db, table), table).toBeGreaterThanOrEqual(0);
      expect(await outcome((trx) => count(trx, table), a.id), table).toBe('42501');
    }
    expect(await outcome((trx) => count(trx, 'schema_migrations'), a.id)).toBe('42501');
    expect(
      await outcome((trx) => sql`SELECT * FROM private.ai_caller_context(${b.id}::uuid, 5, true)`.execute(trx), a.id),
    ).toBe('42501');
    expect(await outcome((trx) => sql`SELECT private.purge_expired_trash(1000)`.execute(trx), a.id)).toBe('42501');

    // Granted the schema and the table or not, a role other than the owner reads no row of the secrets
    // (a hosted platform's API roles).
    const seen = await asUser(a.id, async (trx) => {
      await sql`RESET ROLE`.execute(trx);
      await sql`CREATE ROLE sprout_rls_probe NOLOGIN`.execute(trx);
      await sql`GRANT USAGE ON SCHEMA private TO sprout_rls_probe`.execute(trx);
      await sql`GRANT SELECT ON private.server_secrets, private.instance_settings TO sprout_rls_probe`.execute(trx);
      await sql`SET LOCAL ROLE sprout_rls_probe`.execute(trx);
      return (await count(trx, 'private.server_secrets')) + (await count(trx, 'private.instance_settings'));
    });
    expect(seen).toBe(0);
    expect(await count(db, 'private.server_secrets')).toBeGreaterThan(0);
  });

  it("keeps a user's notes count though the user's own insert cannot reach it", async () => {
    const before = Number(
      (await db.selectFrom('private.note_counts').select('n').where('user_id', '=', a.id).executeTakeFirstOrThrow()).n,
    );
    const created = await a.client.from('notes').insert({ title: 'counted' });
    expect(created.error).toBeNull();
    const after = await db.selectFrom('private.note_counts').select('n').where('user_id', '=', a.id).executeTakeFirst();
    expect(Number(after?.n)).toBe(before + 1);
  });

  it("runs a user's requests as the request role: without its grant, they are refused", async () => {
    const read = () => a.client.from('notes').select('id');
    const history = async () => {
      const note = await db.selectFrom('notes').select('id').where('user_id', '=', a.id).executeTakeFirstOrThrow();
      return (
        await fetch(`${server.url}/api/notes/${note.id}/history`, { headers: { Authorization: `Bearer ${a.token}` } })
      ).status;
    };
    expect((await read()).error).toBeNull();
    expect(await history()).toBe(200);
    await sql`REVOKE SELECT ON notes FROM sprout_user`.execute(db);
    try {
      const refused = await read();
      expect(refused.error?.code).toBe('42501');
      expect(refused.status).toBe(403);
      // The server's own misconfiguration, not the caller's mistake: an internal error.
      expect(await history()).toBe(500);
    } finally {
      await sql`GRANT SELECT ON notes TO sprout_user`.execute(db);
    }
    expect((await read()).error).toBeNull();
  });
});
