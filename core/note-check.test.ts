import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTE_COLUMNS, noteRowSchema, noteWritableSchema, NOTE_LIMITS } from './note';
import { certainlyNoteRow, certainlyWritable } from './note-check';
import { EMPTY_CONTENT } from './note-fields';

const ID = '00000000-0000-4000-8000-0000000000aa';
const USER = '00000000-0000-4000-8000-000000000001';
const AT = '2024-05-01T10:00:00.000Z';

// Every content field is there (core/note-fields.ts), these with values of their own.
const writable = {
  id: ID,
  user_id: USER,
  ...EMPTY_CONTENT,
  title: 'T',
  content: 'c',
  expanded_content: null,
  is_checklist: true,
  checklist_items: [{ id: 'i1', text: 'Do it', completed: false }],
  chat_history: [{ role: 'user', content: 'hi' }],
  created_at: AT,
  updated_at: AT,
  deleted_at: null,
  last_mutation_id: 'm1',
  base_revision: 0,
  revision: 0,
};
const { base_revision: _base, ...rowBase } = writable;
const row = { ...rowBase, revision: 12 };

/** Values of every kind a field could hold, valid for some field or none. */
const fieldValue = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    undefined,
    true,
    0,
    -0,
    -1,
    1.5,
    NaN,
    Infinity,
    2 ** 53,
    '',
    ID.toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    '00000000-0000-9000-8000-0000000000aa',
    'not-a-uuid',
    '2024-02-29T00:00:00.000Z',
    '2023-02-29T00:00:00.000Z',
    '2024-05-01T10:00:00Z',
    '2024-05-01T10:00:00.000+00:00',
    '2024-05-01T24:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    'x'.repeat(NOTE_LIMITS.title),
    'x'.repeat(NOTE_LIMITS.title + 1),
    'x'.repeat(101),
    'system',
    'robot',
    [],
    [{ id: 'i', text: 't', completed: true }],
    [{ id: 'i', text: 't', completed: true, extra: 1 }],
    [{ id: 'i', text: 't', completed: false, due: '2026-03-31', repeat: 'weekly' }],
    [{ id: 'i', text: 't', completed: false, due: '2026-03-31T08:00:00.000Z', remind: true }],
    [{ id: 'i', text: 't', completed: false, due: '31/03/2026' }],
    [{ id: 'i', text: 't', completed: false, due: '2026-03-31', repeat: 'yearly' }],
    [{ id: 'i', text: 't', completed: false, due: undefined }],
    [{ id: '', text: 't', completed: true }],
    [{ role: 'assistant', content: 'a' }],
    [{ role: 'robot', content: 'a' }],
    [{ role: 'user', content: 'a', at: 1 }],
    // eslint-disable-next-line no-sparse-arrays
    [, { id: 'i', text: 't', completed: true }],
    {},
    Array.from({ length: NOTE_LIMITS.checklistItems + 1 }, (_, i) => ({ id: `i${i}`, text: '', completed: false })),
  ),
  fc.string(),
  fc.integer(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.anything(),
);

/** A valid value with a few fields replaced, removed or added. */
function mutated(base: Record<string, unknown>) {
  const keys = [...Object.keys(base), 'extra', '__proto__', 'constructor', 'toString'];
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.oneof(fieldValue, fc.constant('<remove>'))), { maxLength: 3 })
    .map((changes) => {
      const value = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
      for (const [key, next] of changes) {
        if (next === '<remove>') delete value[key];
        else Object.defineProperty(value, key, { value: next, enumerable: true, configurable: true, writable: true });
      }
      return value;
    });
}

function agrees(
  certain: (value: unknown) => boolean,
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
) {
  return (value: unknown) => {
    if (!certain(value)) return;
    const parsed = schema.safeParse(value);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(value);
  };
}

describe('certain checks of the note schemas', () => {
  it('[S5] [S13] cover exactly the schemas’ fields', () => {
    const keys = (value: object) => Object.keys(value).sort();
    expect(keys(writable)).toEqual(keys(noteWritableSchema.shape));
    expect(keys(row)).toEqual(keys(noteRowSchema.shape));
    // note-constants.ts's plain list, which the sync selects with (without loading the schemas).
    expect(NOTE_COLUMNS).toEqual(Object.keys(noteRowSchema.shape));
  });

  it('[S5] accept what the app writes: a note, a tombstone, a create, at the limits', () => {
    for (const value of [
      writable,
      { ...writable, checklist_items: null, chat_history: null, is_checklist: false },
      { ...writable, deleted_at: AT, title: '', content: '', base_revision: 7, revision: 7 },
      { ...writable, last_mutation_id: null, base_revision: null },
      { ...writable, title: 'x'.repeat(NOTE_LIMITS.title), created_at: new Date(0).toISOString() },
      {
        ...writable,
        checklist_items: [
          { id: 'a', text: 'Book the venue', completed: false, due: '2026-03-31' },
          { id: 'b', text: 'Call', completed: false, due: '2026-03-31T08:30:00.000Z', repeat: 'daily', remind: true },
        ],
      },
    ]) {
      expect(certainlyWritable(value)).toBe(true);
      expect(noteWritableSchema.safeParse(value).success).toBe(true);
    }
    expect(certainlyNoteRow(row)).toBe(true);
    expect(certainlyNoteRow({ ...row, last_mutation_id: '' })).toBe(true);
  });

  it('[S13] leave to the schema what it refuses, and what it would change', () => {
    expect(certainlyWritable({ ...writable, title: 'x'.repeat(NOTE_LIMITS.title + 1) })).toBe(false);
    expect(certainlyWritable({ ...writable, extra: 1 })).toBe(false);
    expect(certainlyWritable({ ...writable, last_mutation_id: '' })).toBe(false);
    expect(certainlyNoteRow({ ...row, extra: 1 })).toBe(false); // the schema would strip it
    expect(certainlyNoteRow({ ...row, checklist_items: [{ id: 'i', text: 't', completed: true, extra: 1 }] })).toBe(
      false,
    );
    expect(certainlyNoteRow({ ...row, updated_at: '2024-05-01T10:00:00.000+00:00' })).toBe(false); // valid, but not certain
    // A date in another form, or a repeat there is none of, is refused by the schema.
    for (const item of [
      { id: 'i', text: 't', completed: false, due: '31/03/2026' },
      { id: 'i', text: 't', completed: false, due: '2026-03-31T08:30:00Z' },
      { id: 'i', text: 't', completed: false, due: '2026-03-31', repeat: 'yearly' },
      { id: 'i', text: 't', completed: false, remind: 'yes' },
    ]) {
      expect(certainlyWritable({ ...writable, checklist_items: [item] })).toBe(false);
      expect(noteWritableSchema.safeParse({ ...writable, checklist_items: [item] }).success).toBe(false);
    }
    expect(certainlyNoteRow(writable)).toBe(false);
  });

  it('[S5] [S13] property: whatever they accept, the schema accepts and returns unchanged', () => {
    fc.assert(fc.property(fc.oneof(mutated(writable), fc.anything()), agrees(certainlyWritable, noteWritableSchema)), {
      numRuns: 3000,
    });
    fc.assert(fc.property(fc.oneof(mutated(row), fc.anything()), agrees(certainlyNoteRow, noteRowSchema)), {
      numRuns: 3000,
    });
  });

  it('[S5] property: any timestamp the app writes is certain', () => {
    fc.assert(
      fc.property(
        fc.date({
          noInvalidDate: true,
          min: new Date('0000-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
        }),
        (date) => {
          expect(
            certainlyWritable({ ...writable, created_at: date.toISOString(), updated_at: date.toISOString() }),
          ).toBe(true);
        },
      ),
    );
  });
});
