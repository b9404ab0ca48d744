// [issue 36.4] Ownership enforced by the database (migration 015), on PGlite and PostgreSQL: a statement
// run as the role for users' requests (sprout_user, with the request's claims set for its transaction,
// as PostgREST does) sees and changes only its own user's rows even with no user filter at all, cannot
// write a row for another user, sees nothing without claims, and cannot reach the server's secrets,
// limits, settings or server-only functions.
import { sql, type Kysely, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { buildUser, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let db: Kysely<DB>;
let a: TestUser;
let b: TestUser;

class RolledBack extends Error {}

/** Runs `work` as sprout_user with `userId`'s claims (none when null), then rolls everything back. */
async function asUser<T>(userId: string | null, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  let result!: T;
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`SET LOCAL ROLE sprout_user`.execute(trx);
      if (userId)
        await sql`SELECT set_config('request.jwt.claims', ${JSON.stringify({ sub: userId })}, true)`.execute(trx);
      result = await work(trx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result;
}

const count = async (trx: Transaction<DB> | Kysely<DB>, table: string) =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(trx)).rows[0]?.n);

/** The SQLSTATE a statement fails with, or 'ok'. */
async function outcome(work: (trx: Transaction<DB>) => Promise<unknown>, userId: string): Promise<string> {
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

const USER_TABLES = [
  'users',
  'sessions',
  'refresh_tokens',
  'notes',
  'note_versions',
  'note_heads',
  'user_ai_keys',
  'note_counts',
] as const;

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

  it("cannot reach the server's secrets, limits, settings or its functions", async () => {
    // Granted or not, a role other than the owner reads no row of them (a hosted platform's API roles).
    const seen = await asUser(a.id, async (trx) => {
      await sql`RESET ROLE`.execute(trx);
      await sql`CREATE ROLE sprout_rls_probe NOLOGIN`.execute(trx);
      await sql`GRANT SELECT ON server_secrets, instance_settings TO sprout_rls_probe`.execute(trx);
      await sql`SET LOCAL ROLE sprout_rls_probe`.execute(trx);
      return (await count(trx, 'server_secrets')) + (await count(trx, 'instance_settings'));
    });
    expect(seen).toBe(0);
    expect(await count(db, 'server_secrets')).toBeGreaterThan(0);
    for (const table of ['server_secrets', 'rate_limits', 'instance_settings', 'revision_marks', 'schema_migrations'])
      expect(await outcome((trx) => count(trx, table), a.id), table).toBe('42501');
    expect(
      await outcome((trx) => sql`SELECT * FROM ai_caller_context(${b.id}::uuid, 5, true)`.execute(trx), a.id),
    ).toBe('42501');
    expect(await outcome((trx) => sql`SELECT purge_expired_trash(1000)`.execute(trx), a.id)).toBe('42501');
  });
});
