// The notes table as the migrations built it, held to the declaration of a note's fields
// (core/note-fields.ts) on PGlite and, in the server-postgres project, on PostgreSQL: the same names,
// types and nullability, whatever the order of the columns. And every declared content field goes through
// the REST API as it was written, and is cleared when the note is deleted for good (the tombstone trigger).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_CONTENT,
  NOTE_CONTENT_FIELDS,
  NOTE_FIELD_NAMES,
  NOTE_FIELDS,
  type NoteContent,
  type SqlType,
} from '#core/note-fields';
import type { ValueSpec } from '#core/note-values';
import { buildUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** information_schema's data_type of each SQL type the declaration uses. */
const DATA_TYPES: Record<SqlType, string> = {
  uuid: 'uuid',
  text: 'text',
  boolean: 'boolean',
  jsonb: 'jsonb',
  timestamptz: 'timestamp with time zone',
  bigint: 'bigint',
};

interface Column {
  name: string;
  type: string;
  nullable: boolean;
}

const byName = (a: Column, b: Column) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

async function tableColumns(): Promise<Column[]> {
  const { rows } = await sql<{ name: string; type: string; nullable: string }>`
    select column_name as name, data_type as type, is_nullable as nullable
    from information_schema.columns
    where table_schema = current_schema() and table_name = 'notes'`.execute(server.ctx.db);
  return rows.map((row) => ({ name: row.name, type: row.type, nullable: row.nullable === 'YES' })).sort(byName);
}

/** A value of `spec` other than `unlike` (a field's empty value), built from the declaration alone. */
function sample(spec: ValueSpec, unlike: unknown = undefined): unknown {
  switch (spec.type) {
    case 'uuid':
      return '00000000-0000-4000-8000-00000000abcd';
    case 'text':
      return 'x'.repeat(Math.max(spec.min, 1));
    case 'boolean':
      return unlike !== true;
    case 'timestamp':
      return '2024-05-06T07:08:09.123Z';
    case 'count':
      return unlike === 1 ? 2 : 1;
    case 'one-of':
      return spec.values.find((value) => value !== unlike) ?? spec.values[0];
    case 'list':
      return [sample(spec.of)];
    case 'record':
      // Optional members (an item's date) are left out: a value without them is a value.
      return Object.fromEntries(
        Object.entries(spec.fields).flatMap(([name, member]) =>
          member.type === 'optional' ? [] : [[name, sample(member)]],
        ),
      );
  }
}

describe('the notes table', () => {
  it('has the declared columns, types and nullability', async () => {
    const declared = NOTE_FIELD_NAMES.map((name) => ({
      name,
      type: DATA_TYPES[NOTE_FIELDS[name].sql],
      nullable: NOTE_FIELDS[name].nullable,
    }));
    expect(await tableColumns()).toEqual(declared.sort(byName));
  });

  it('stores every content field as written, and clears it all when the note is deleted for good', async () => {
    const content = Object.fromEntries(
      NOTE_CONTENT_FIELDS.map((field) => [field, sample(NOTE_FIELDS[field].value, EMPTY_CONTENT[field])]),
    ) as NoteContent;
    for (const field of NOTE_CONTENT_FIELDS) expect(content[field], field).not.toEqual(EMPTY_CONTENT[field]);
    const { client, id: userId } = await buildUser(server);
    const written = await client
      .from('notes')
      .insert({ user_id: userId, ...content })
      .select()
      .single();
    expect(written.error).toBeNull();
    expect(written.data).toMatchObject(content);
    const id = (written.data as { id: string }).id;
    // With every content field set, trashed_at too, the note is in the Trash: a write of deleted_at
    // deletes it for good [S30].
    const deleted = await client
      .from('notes')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select()
      .single();
    expect(deleted.error).toBeNull();
    expect(deleted.data).toMatchObject({ ...EMPTY_CONTENT, deleted_at: expect.any(String) });
  });

  it('[S30] keeps every content field when a tombstone of a note in the lists becomes a move to the Trash', async () => {
    const content = Object.fromEntries(
      NOTE_CONTENT_FIELDS.filter((field) => field !== 'trashed_at').map((field) => [
        field,
        sample(NOTE_FIELDS[field].value, EMPTY_CONTENT[field]),
      ]),
    ) as Omit<NoteContent, 'trashed_at'>;
    const { client, id: userId } = await buildUser(server);
    const written = await client
      .from('notes')
      .insert({ user_id: userId, ...content })
      .select()
      .single();
    const id = (written.data as { id: string }).id;
    const deletedAt = new Date().toISOString();
    const moved = await client
      .from('notes')
      .update({ ...EMPTY_CONTENT, deleted_at: deletedAt })
      .eq('id', id)
      .select()
      .single();
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ ...content, trashed_at: deletedAt, deleted_at: null });
  });
});
