// The driver's promise to the server: statements outside a transaction are sent without waiting for one
// another, and never run inside another request's transaction, whether it commits or rolls back.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { SerialPGliteDialect, type SerialDatabase } from './pglite-driver';

interface Sent {
  sql: string;
  /** Results not yet returned when this statement was sent. */
  outstanding: number;
}

let pglite: PGlite;
let db: Kysely<{ t: { v: number } }>;
const sent: Sent[] = [];
let outstanding = 0;

beforeAll(async () => {
  // From the run's migrated image (test/setup/pglite-image.ts): an empty new PGlite runs initdb, ten
  // seconds of CPU on these machines, for a table of its own.
  pglite = new PGlite({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteImage'))]) });
  await pglite.exec('create table t (v int)');
  const database: SerialDatabase = {
    get closed() {
      return pglite.closed;
    },
    async query(text, params) {
      sent.push({ sql: text, outstanding });
      outstanding += 1;
      try {
        const result = await pglite.query(text, params as unknown[]);
        return { rows: result.rows, affectedRows: result.affectedRows };
      } finally {
        outstanding -= 1;
      }
    },
    close: () => pglite.close(),
  };
  db = new Kysely({ dialect: new SerialPGliteDialect(database) });
});

afterAll(async () => {
  await db.destroy();
});

const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from t`.execute(db)).rows[0]?.n);

describe('SerialPGliteDialect', () => {
  it('sends statements outside a transaction without waiting for the earlier ones to answer', async () => {
    sent.length = 0;
    await Promise.all(Array.from({ length: 5 }, (_, i) => sql`select ${i}::int`.execute(db)));
    expect(Math.max(...sent.map((s) => s.outstanding))).toBeGreaterThan(0);
  });

  it('keeps other statements out of a transaction that rolls back: they run after it, and stay', async () => {
    await sql`delete from t`.execute(db);
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ v: 1 }).execute();
        inside();
        await held;
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);
    await begun;
    // Sent while the transaction is open: neither may see its row, nor be rolled back with it.
    const seen = count();
    const written = db.insertInto('t').values({ v: 2 }).execute();
    // Time enough for both to reach the database, were they not held back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    expect(await transaction).toMatchObject({ message: 'roll back' });
    expect(await seen).toBe(0);
    await written;
    expect((await db.selectFrom('t').select('v').execute()).map((r) => r.v)).toEqual([2]);
  });

  it('runs transactions one after the other', async () => {
    await sql`delete from t`.execute(db);
    const order: string[] = [];
    await Promise.all(
      ['a', 'b'].map((name) =>
        db.transaction().execute(async (trx) => {
          order.push(`${name} begins`);
          await trx.insertInto('t').values({ v: 1 }).execute();
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(`${name} ends`);
        }),
      ),
    );
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
    expect(await count()).toBe(2);
  });
});
