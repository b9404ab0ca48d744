// The JSON of a read is built by the database (rest/commands.ts selectNotesJson). These tests hold it to
// the bytes the JavaScript presenter writes (JSON.stringify over presentNote), which the supabase-js
// client and the sync engine were built against: escapes, microsecond timestamps, aliases, nulls. They
// run twice: on the table as the migrations built it, and on one whose columns are in another order
// (as a migration that adds a column leaves it): the answers must not depend on the table's order.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_COLUMNS, NOTE_FIELD_NAMES } from '#core/note-fields';
import type { DB } from '../src/db/schema';
import { selectNotes } from '../src/rest/commands';
import { presentNote } from '../src/rest/presenters';
import { parseQuery } from '../src/rest/query-parser';
import { buildUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

// Every character below U+0080 (escapes, quotes, backslash, DEL), a few beyond, and an astral one.
const TRICKY = `${Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i))
  .join('')
  .slice(1)} é € \u2028 \u2029 \uFEFF 😀`;

async function columnOrder(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = 'notes' order by ordinal_position`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Moves `column` to the end of the notes table, as PostgreSQL can only add a column there: a copy with the
 * same type, default and nullability takes its values and then its name. For an empty table.
 */
async function moveToEnd(db: Kysely<DB>, column: string): Promise<void> {
  const { rows } = await sql<{ type: string; fallback: string | null; notnull: boolean }>`
    select format_type(a.atttypid, a.atttypmod) as type, pg_get_expr(d.adbin, d.adrelid) as fallback, a.attnotnull as notnull
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = 'notes'::regclass and a.attname = ${column}`.execute(db);
  const [{ type, fallback, notnull }] = rows as [(typeof rows)[number]];
  await sql
    .raw(
      `alter table notes add column moved ${type}${fallback ? ` default ${fallback}` : ''}${notnull ? ' not null' : ''}`,
    )
    .execute(db);
  await sql.raw(`alter table notes drop column ${column}`).execute(db);
  await sql.raw(`alter table notes rename column moved to ${column}`).execute(db);
}

// The content before the sync columns, a jsonb column after base_revision, the timestamps apart.
const MOVED = ['title', 'created_at', 'checklist_items', 'last_mutation_id', 'content'];

for (const table of ['as migrated', 'with its columns in another order'] as const) {
  describe(`the notes table ${table}`, () => {
    let server: TestServer;
    let token: string;
    let userId: string;

    beforeAll(async () => {
      server = await startTestServer();
      if (table !== 'as migrated') {
        for (const column of MOVED) await moveToEnd(server.ctx.db, column);
        const order = await columnOrder(server.ctx.db);
        expect([...order].sort()).toEqual([...NOTE_FIELD_NAMES].sort());
        expect(order.at(-1)).not.toBe('base_revision');
        expect(order).not.toEqual(NOTE_FIELD_NAMES);
      }
      ({ token, id: userId } = await buildUser(server));
      const at = (iso: string) => sql<Date>`${iso}::timestamptz`;
      const rows = [
        {
          title: TRICKY,
          content: 'plain',
          created_at: '2024-01-02T03:04:05.123456Z',
          updated_at: '2024-01-02T03:04:05.999999+05:30',
        },
        {
          title: 'nulls',
          content: '',
          expanded_content: null,
          created_at: '1900-01-01T00:00:00Z',
          updated_at: '9999-12-31T23:59:59.999Z',
        },
        {
          title: 'list',
          content: 'x',
          is_checklist: true,
          created_at: '2000-02-29T12:00:00Z',
          updated_at: '1970-01-01T00:00:00.0005Z',
          deleted_at: '2001-01-01T00:00:00.1Z',
        },
        // Keys of the row's own columns inside its text, as a whole-row read must not mistake them for members.
        {
          title: '","updated_at":"x',
          content: '"deleted_at":"2020-01-01T00:00:00+00:00"',
          last_mutation_id: ',"created_at":"y"}',
          created_at: '1999-12-31T23:59:59.5Z',
          updated_at: '2024-05-06T07:08:09.12Z',
          trashed_at: '2024-05-06T07:08:09.000001Z',
        },
      ];
      for (const row of rows) {
        await server.ctx.db
          .insertInto('notes')
          .values({
            ...row,
            id: randomUUID(),
            user_id: userId,
            created_at: at(row.created_at),
            updated_at: at(row.updated_at),
            deleted_at: 'deleted_at' in row && row.deleted_at ? at(row.deleted_at) : null,
            trashed_at: 'trashed_at' in row && row.trashed_at ? at(row.trashed_at) : null,
          } as never)
          .execute();
      }
    });
    afterAll(async () => server?.close());

    async function wire(query: string): Promise<string> {
      const response = await fetch(`${server.url}/rest/v1/notes?${query}`, {
        headers: { authorization: `Bearer ${token}`, apikey: server.anonKey },
      });
      expect(response.status).toBe(200);
      return response.text();
    }

    async function presented(query: string): Promise<string> {
      const parsed = parseQuery(query);
      const columns = [
        ...new Set(parsed.select.flatMap((item) => (item.kind === 'all' ? NOTE_COLUMNS : [item.column]))),
      ];
      const rows = await selectNotes(server.ctx.db, userId, {
        columns,
        filters: parsed.filters,
        order: parsed.order,
        limit: parsed.limit,
        offset: parsed.offset,
      });
      return JSON.stringify(rows.map((row) => presentNote(row, parsed.select)));
    }

    describe('the JSON a read returns', () => {
      it("has the presenter's bytes for every non-jsonb column, escapes and timestamps included", async () => {
        const query =
          'select=id,title,content,expanded_content,is_checklist,created_at,updated_at,revision,deleted_at,last_mutation_id,user_id&order=title.asc';
        const body = await wire(query);
        expect(body).toBe(await presented(query));
        expect((JSON.parse(body) as { title: string }[]).map((row) => row.title)).toContain(TRICKY);
      });

      it('keeps aliases, their order and a key named twice as an object would', async () => {
        const query = 'select=heading:title,updated_at,heading:content,id&order=updated_at.desc&limit=2';
        expect(await wire(query)).toBe(await presented(query));
      });

      it('keeps keys that cannot be column names: quotes, non-ASCII, longer than 63 bytes', async () => {
        const long = 'k'.repeat(70);
        for (const select of [`"a\\"b":title,é😀:content,id`, `${long}:title,id`]) {
          const query = `select=${encodeURIComponent(select)}&order=title.asc`;
          expect(await wire(query)).toBe(await presented(query));
        }
      });

      it("has the presenter's bytes for select=*, read as whole rows (rest/table-row-json.ts)", async () => {
        // These rows have no jsonb values, whose spacing is PostgreSQL's and not JSON.stringify's.
        for (const query of ['select=*&order=title.asc', 'select=*&order=title.asc&limit=2&offset=1']) {
          expect(await wire(query)).toBe(await presented(query));
        }
      });

      it("equals the presenter's JSON for jsonb columns", async () => {
        const id = randomUUID();
        const items = [{ id: 'a', text: '"created_at":"2020-01-01T00:00:00+00:00"', checked: true }];
        await server.ctx.db
          .insertInto('notes')
          .values({
            id,
            user_id: userId,
            title: 'jsonb',
            content: '',
            is_checklist: true,
            checklist_items: JSON.stringify(items),
          } as never)
          .execute();
        const body = await wire(`select=*&id=eq.${id}`);
        expect(JSON.parse(body)).toEqual(JSON.parse(await presented(`select=*&id=eq.${id}`)));
        await server.ctx.db.deleteFrom('notes').where('id', '=', id).execute();
      });

      it("lists the members of select=* in the wire's order, with no base_revision", async () => {
        const [first] = JSON.parse(await wire('select=*&order=title.asc&limit=1')) as Record<string, unknown>[];
        expect(Object.keys(first ?? {})).toEqual(NOTE_COLUMNS);
      });
    });

    describe('the JSON a write returns', () => {
      const send = async (method: string, query: string, body: unknown, headers: Record<string, string> = {}) => {
        const response = await fetch(`${server.url}/rest/v1/notes${query}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            apikey: server.anonKey,
            'content-type': 'application/json',
            prefer: 'return=representation',
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(response.status).toBeLessThan(300);
        return response.text();
      };

      it("has a read's bytes for the whole rows that POST, PATCH and DELETE return", async () => {
        const ids = [randomUUID(), randomUUID()];
        const posted = await send(
          'POST',
          '',
          ids.map((id, n) => ({ id, title: `${TRICKY} ${n}`, content: 'written' })),
        );
        expect(posted).toBe(await wire(`select=*&id=in.(${ids.join(',')})&order=title.asc`));

        const patched = await send('PATCH', `?id=eq.${ids[0]}`, { title: 'renamed', expanded_content: null });
        expect(patched).toBe(await wire(`select=*&id=eq.${ids[0]}`));
        const revisionOf = (json: string) => (JSON.parse(json) as { revision: number }[])[0]?.revision ?? 0;
        expect((JSON.parse(patched) as { title: string }[])[0]?.title).toBe('renamed');
        expect(revisionOf(patched)).toBeGreaterThan(revisionOf(posted));

        const upserted = await send('POST', '?on_conflict=id', [{ id: ids[1], title: 'merged', content: 'again' }], {
          prefer: 'resolution=merge-duplicates,return=representation',
        });
        expect(upserted).toBe(await wire(`select=*&id=eq.${ids[1]}`));

        const single = await send(
          'PATCH',
          `?id=eq.${ids[1]}`,
          { content: 'one' },
          { accept: 'application/vnd.pgrst.object+json' },
        );
        expect(single).toBe((await wire(`select=*&id=eq.${ids[1]}`)).slice(1, -1));

        // [S30] DELETE moves the notes to the Trash and returns them as they now are.
        const deleted = await send('DELETE', `?id=in.(${ids.join(',')})`, undefined);
        expect(deleted).toBe(await wire(`select=*&id=in.(${ids.join(',')})`));
        const trashed = JSON.parse(deleted) as { trashed_at: string | null; deleted_at: string | null }[];
        expect(trashed).toHaveLength(2);
        expect(trashed.every((row) => typeof row.trashed_at === 'string' && row.deleted_at === null)).toBe(true);
      });

      it('presents a chosen selection and stripped nulls as a read does', async () => {
        const id = randomUUID();
        await send('POST', '', { id, title: 'chosen', content: 'x' });
        const patched = await send('PATCH', `?id=eq.${id}&select=heading:title,updated_at,expanded_content`, {
          content: 'y',
        });
        expect(patched).toBe(await wire(`select=heading:title,updated_at,expanded_content&id=eq.${id}`));
        const stripped = await send(
          'PATCH',
          `?id=eq.${id}`,
          { content: 'z' },
          { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
        );
        expect(JSON.parse(stripped)).toEqual([expect.not.objectContaining({ expanded_content: null })]);
        expect(JSON.parse(stripped)).toEqual(
          JSON.parse(await wire(`select=*&id=eq.${id}`)).map((row: Record<string, unknown>) =>
            Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)),
          ),
        );
      });
    });
  });
}
