// A statement with settings in one call into PGlite answers as PGlite's own query() would (rows, parsed
// types, affected rows, errors), with its settings holding for it alone.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { SettingsQueries } from './pglite-settings-query';

let pglite: PGlite;
let queries: SettingsQueries;

beforeAll(async () => {
  // The run's migrated image (test/setup/pglite-image.ts): a new PGlite would run initdb for seconds.
  pglite = new PGlite({
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteImage'))]),
    parsers: { 20: (value: string) => Number(value) },
  });
  await pglite.exec(`create table probe (
    id int primary key, title text, tags text[], doc jsonb, at timestamptz, big bigint, flag boolean)`);
});
afterAll(async () => pglite?.close());

const SETTING = { 'sprout.probe': 'on' };

describe('SettingsQueries', () => {
  it('gives the same rows and affected rows as query(), every parameter type through its serializer', async () => {
    const at = new Date('2026-12-02T10:00:00.000Z');
    const params = [1, "it's", ['a', 'b,c', 'd"e'], { deep: [1, 'x'] }, at, 9007199254740991, true];
    const insert =
      'insert into probe (id, title, tags, doc, at, big, flag) values ($1, $2, $3, $4, $5, $6, $7) returning *';
    const ours = await queries_().run(insert, params, SETTING);
    expect(ours.affectedRows).toBe(1);
    const theirs = await pglite.query('select * from probe where id = $1', [1], { rowMode: 'object' });
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows).toEqual([
      {
        id: 1,
        title: "it's",
        tags: ['a', 'b,c', 'd"e'],
        doc: { deep: [1, 'x'] },
        at,
        big: 9007199254740991,
        flag: true,
      },
    ]);
    // Again, with its parameter types kept, and a null.
    const again = await queries_().run(
      insert.replace('returning *', ''),
      [2, null, [], null, null, null, false],
      SETTING,
    );
    expect(again).toEqual({ rows: [], affectedRows: 1 });
    const read = await queries_().run('select id, title from probe where id = any($1) order by id', [[1, 2]], SETTING);
    expect(read.rows).toEqual([
      { id: 1, title: "it's" },
      { id: 2, title: null },
    ]);
  });

  it('holds its settings for the statement only', async () => {
    const seen = await queries_().run("select current_setting('sprout.probe', true) as v, $1::text as echo", ['x'], {
      'sprout.probe': "quote ' and \\ backslash",
    });
    expect(seen.rows).toEqual([{ v: "quote ' and \\ backslash", echo: 'x' }]);
    const after = await pglite.query<{ v: string | null }>("select current_setting('sprout.probe', true) as v");
    expect([null, '']).toContain(after.rows[0]?.v);
  });

  it("fails with the database's error, writes nothing, and the next statement runs", async () => {
    await expect(
      queries_().run('insert into probe (id, title) values ($1, $2), ($1, $2)', [3, 'twice'], SETTING),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await pglite.query('select id from probe where id = 3')).rows).toEqual([]);
    expect(pglite.isInTransaction()).toBe(false);
    const next = await queries_().run('select count(*)::int as n from probe', [], SETTING);
    expect(next.rows).toEqual([{ n: 2 }]);
  });
});

function queries_(): SettingsQueries {
  queries ??= new SettingsQueries(pglite);
  return queries;
}
