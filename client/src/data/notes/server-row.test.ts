// Reading the server's rows: the quick check reads what it is certain of at once; the schema, loaded on
// first need, decides the rest, as it always did.
import { expect, it, vi } from 'vitest';
import { NOTE_LIMITS, noteRowSchema, type NoteRow } from '#core/note';
import { certainlyNoteRow } from '#core/note-check';
import { EMPTY_CONTENT } from '#core/note-fields';
import { once } from '../../lib/once';
import { readServerRow, readServerRows } from './server-row';
import { SupabaseRemote, toRemoteError, type NotesClient } from './supabase-remote';

const USER = '00000000-0000-4000-8000-000000000001';
const AT = '2024-05-01T10:00:00.000Z';

function serverRow(n: number, fields: Partial<Record<keyof NoteRow, unknown>> = {}): NoteRow {
  return {
    id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    user_id: USER,
    ...EMPTY_CONTENT,
    title: `Note ${n}`,
    content: 'c',
    is_checklist: true,
    checklist_items: [{ id: 'i1', text: 'Do it', completed: false }],
    chat_history: [{ role: 'user', content: 'hi' }],
    created_at: AT,
    updated_at: AT,
    revision: n,
    deleted_at: null,
    last_mutation_id: 'm1',
    ...fields,
  } as NoteRow;
}

/** Valid for noteRowSchema, which returns it unchanged, but not in the form the quick check is certain of. */
const offsetTime = serverRow(2, { updated_at: '2024-05-01T12:00:00.000+02:00' });
const tooLong = serverRow(3, { title: 'x'.repeat(NOTE_LIMITS.title + 1) });

it('[S11] reads the rows the quick check is certain of at once, without the schema', () => {
  const rows = [serverRow(1), serverRow(4, { revision: '4' })];
  const read = readServerRows(rows);
  expect(Array.isArray(read)).toBe(true);
  expect(read).toEqual([serverRow(1), serverRow(4)]);
});

it('[S11] [S13] leaves the rest to the schema: a valid row is read unchanged, an invalid one is unusable', async () => {
  expect(certainlyNoteRow(offsetTime)).toBe(false);
  expect(noteRowSchema.safeParse(offsetTime)).toMatchObject({ success: true, data: offsetTime });
  const read = readServerRows([serverRow(1), offsetTime, tooLong, 'not a row', serverRow(4)]);
  expect(read).toBeInstanceOf(Promise);
  expect(await read).toEqual([serverRow(1), offsetTime, null, null, serverRow(4)]);
  // What the schema changes comes back as the schema returns it: unknown keys are dropped.
  expect(await readServerRow({ ...serverRow(5), extra: 1 })).toEqual(serverRow(5));
  expect(await readServerRow(tooLong)).toBeNull();
});

it('[S11] the remote keeps the rows the schema accepts, in order, and reports those it skips', async () => {
  const answer = [serverRow(1), offsetTime, tooLong, serverRow(4)];
  const client = {
    from: () => ({
      url: new URL('http://127.0.0.1/rest/v1/notes'),
      headers: {},
      fetch: async () => new Response(JSON.stringify(answer)),
    }),
    auth: { getSession: async () => ({ data: { session: { user: { id: USER }, access_token: 'token' } } }) },
  } as unknown as NotesClient;
  const warn = vi.fn();
  const remote = new SupabaseRemote(client, USER, { warn });
  expect(await remote.upsert([])).toEqual([serverRow(1), offsetTime, serverRow(4)]);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0]?.[0]).toMatch(
    /^Skipped a note the server sent that could not be read: {"id":"00000000-0000-4000-8000-000000000003"/,
  );
});

it('[S6] a 409 carries its current row as the schema reads it, and one it refuses makes a rejection', async () => {
  const conflict = (row: unknown) =>
    toRemoteError({ message: 'stale base', code: 'PT409', details: JSON.stringify(row) }, 409);
  expect(await conflict(serverRow(1))).toMatchObject({ kind: 'conflict', status: 409, currentRow: serverRow(1) });
  expect(await conflict(offsetTime)).toMatchObject({ kind: 'conflict', status: 409, currentRow: offsetTime });
  expect(await conflict(tooLong)).toMatchObject({
    kind: 'rejected',
    message: 'stale base (no current row in the answer)',
    currentRow: null,
  });
});

it('[S13] the schemas load once; a failed load is not kept, so the next run loads them again', async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue('schemas');
  const loadSchemas = once(load);
  await expect(loadSchemas()).rejects.toThrow('Failed to fetch');
  expect(await loadSchemas()).toBe('schemas');
  expect(await loadSchemas()).toBe('schemas');
  expect(load).toHaveBeenCalledTimes(2);
});
