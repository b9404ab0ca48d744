// How a user's read reaches the database (db/as-user.ts, Database.queryWithSettings), on PGlite and
// PostgreSQL: each statement in a transaction of its own with the settings set first, sent in one go;
// the settings end with it, a failure names its cause and leaves the connection usable, and on PGlite it
// never runs inside another request's open transaction.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const setting = (name: string) => sql<{ value: string | null }>`select current_setting(${name}, true) as value`;

describe('a statement with settings', () => {
  it('sees its settings, and the next statement does not', async () => {
    const { rows } = await server.database.queryWithSettings(
      { 'sprout.probe': 'mine', role: 'sprout_user' },
      'select current_setting($1, true) as value, current_user as who',
      ['sprout.probe'],
    );
    expect(rows).toEqual([{ value: 'mine', who: 'sprout_user' }]);
    // Many times over, so that every pooled connection has carried one.
    for (let i = 0; i < 20; i++) {
      const after = await setting('sprout.probe').execute(server.ctx.db);
      expect([null, '']).toContain(after.rows[0]?.value);
    }
    const who = await sql<{ who: string }>`select current_user as who`.execute(server.ctx.db);
    expect(who.rows[0]?.who).not.toBe('sprout_user');
  });

  it('keeps a setting’s value exactly, quotes and backslashes included', async () => {
    const value = `it's "quoted" \\ and \\' and E'\\x41' ;--`;
    const { rows } = await server.database.queryWithSettings(
      { 'sprout.probe': value },
      'select current_setting($1) as value',
      ['sprout.probe'],
    );
    expect(rows).toEqual([{ value }]);
  });

  it('fails with the statement’s own error, and the database goes on answering', async () => {
    const failure = await server.database.queryWithSettings({ 'sprout.probe': 'x' }, 'select 1 / 0 as n', []).then(
      () => null,
      (error: unknown) => error as { code?: string },
    );
    expect(failure?.code).toBe('22012');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.database.queryWithSettings({ 'sprout.probe': String(i) }, 'select current_setting($1) as value', [
          'sprout.probe',
        ]),
      ),
    );
    expect(results.map((result) => result.rows[0])).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ value: String(i) })),
    );
  });

  it('answers a write with the rows it changed, and one without rows with its count', async () => {
    const user = await insertUser(server);
    for (const title of ['a', 'b'])
      await server.ctx.db.insertInto('notes').values({ user_id: user.id, title, content: 'c' }).execute();
    const settings = { role: 'sprout_user', 'request.jwt.claims': JSON.stringify({ sub: user.id }) };
    const counted = await server.database.queryWithSettings(settings, "update notes set content = 'd'", []);
    expect(counted).toMatchObject({ rows: [], affectedRows: 2 });
    const returned = await server.database.queryWithSettings(
      settings,
      "update notes set content = 'e' where title = $1 returning title, content",
      ['a'],
    );
    expect(returned).toMatchObject({ rows: [{ title: 'a', content: 'e' }], affectedRows: 1 });
  });

  it("never runs inside another request's open transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const transaction = server.ctx.db.transaction().execute(async (trx) => {
      await sql`select set_config('sprout.probe', 'inside', true)`.execute(trx);
      opened();
      await held;
    });
    await isOpen;
    const read = server.database.queryWithSettings({}, 'select current_setting($1, true) as value', ['sprout.probe']);
    setTimeout(release, 50);
    await transaction;
    expect((await read).rows[0]).not.toEqual({ value: 'inside' });
  });

  it('refuses a transaction through the statements handle, and shows a user only their rows', async () => {
    const owner = await insertUser(server);
    const other = await insertUser(server);
    for (const user of [owner, other])
      await server.ctx.db.insertInto('notes').values({ user_id: user.id, title: 'n', content: 'c' }).execute();
    const seen = await server.ctx.asUser.statements(owner.id, (db) =>
      db.selectFrom('notes').select('user_id').execute(),
    );
    expect(seen.map((row) => row.user_id)).toEqual([owner.id]);
    await expect(
      server.ctx.asUser.statements(owner.id, (db) => db.transaction().execute(async () => undefined)),
    ).rejects.toThrow(/UserScope.transaction/);
  });
});
