import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { chatMessageSchema, checklistItemSchema } from './note';
import { noteContentSchema, noteRowSchema, noteWritableSchema } from './note';
import {
  CHECKLIST_ITEM,
  EMPTY_CONTENT,
  NOTE_COLUMNS,
  NOTE_CONTENT_FIELDS,
  NOTE_DATA_FIELDS,
  NOTE_FIELD_NAMES,
  NOTE_FIELDS,
  fieldSpec,
  type ChatMessage,
  type ChecklistItem,
  type NoteContent,
  type NoteRow,
  type NoteWritable,
} from './note-fields';
import { admittedItems, readContent, readContentValue, withListsRepaired } from './note-lenient';
import { list, text } from './note-values';

describe('the declaration of a note', () => {
  it('types the schemas as it types the note', () => {
    expectTypeOf<z.infer<typeof noteRowSchema>>().toEqualTypeOf<NoteRow>();
    expectTypeOf<z.infer<typeof noteWritableSchema>>().toEqualTypeOf<NoteWritable>();
    expectTypeOf<z.infer<typeof noteContentSchema>>().toEqualTypeOf<NoteContent>();
    expectTypeOf<z.infer<typeof checklistItemSchema>>().toEqualTypeOf<ChecklistItem>();
    expectTypeOf<z.infer<typeof chatMessageSchema>>().toEqualTypeOf<ChatMessage>();
  });

  it('reads every field but the write-only ones, and writes every field', () => {
    expect(NOTE_COLUMNS).toEqual(NOTE_FIELD_NAMES.filter((name) => NOTE_FIELDS[name].writer !== 'write-only'));
    expect(Object.keys(noteRowSchema.shape)).toEqual(NOTE_COLUMNS);
    expect(Object.keys(noteWritableSchema.shape)).toEqual(NOTE_FIELD_NAMES);
    expect(NOTE_COLUMNS).not.toContain('base_revision');
    // A device keeps the note itself and its own bookkeeping apart.
    expect(NOTE_DATA_FIELDS.every((name) => fieldSpec(name).kind !== 'sync')).toBe(true);
  });

  it('gives every content field an empty value its schema accepts, which a deleted note keeps', () => {
    for (const name of NOTE_FIELD_NAMES)
      expect(fieldSpec(name).empty !== undefined, name).toBe(fieldSpec(name).kind === 'content');
    expect(noteContentSchema.parse(EMPTY_CONTENT)).toEqual(EMPTY_CONTENT);
    expect(Object.keys(EMPTY_CONTENT)).toEqual(NOTE_CONTENT_FIELDS);
    expect(Object.isFrozen(EMPTY_CONTENT)).toBe(true);
  });

  it('refuses what a field does not admit, with the path of the value', () => {
    const row = noteRowSchema.safeParse({ checklist_items: [{ id: '', text: 1, completed: true }] });
    const paths = row.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['id', 'title', 'checklist_items.0.id', 'checklist_items.0.text']));
    expect(
      noteWritableSchema
        .safeParse({ last_mutation_id: '' })
        .error?.issues.find((issue) => issue.path[0] === 'last_mutation_id')?.code,
    ).toBe('too_small');
    expect(noteRowSchema.shape.last_mutation_id.safeParse('').success).toBe(true);
  });
});

describe('reading content leniently', () => {
  it('reads a record with nothing usable as the empty content', () => {
    expect(readContent({})).toEqual(EMPTY_CONTENT);
    expect(
      readContent({
        title: 5,
        content: null,
        expanded_content: 7,
        is_checklist: 'yes',
        checklist_items: 'x',
        chat_history: {},
      }),
    ).toEqual(EMPTY_CONTENT);
  });

  it('keeps values of their kind and repairs the lists', () => {
    let made = 0;
    const read = readContent(
      {
        title: 'T',
        content: 'c',
        expanded_content: 'e',
        is_checklist: true,
        checklist_items: [{ text: 'a' }, 'b'],
        chat_history: [{ role: 'robot', content: 'x' }],
      },
      { makeId: () => `new-${(made += 1)}` },
    );
    expect(read).toEqual({
      ...EMPTY_CONTENT,
      title: 'T',
      content: 'c',
      expanded_content: 'e',
      is_checklist: true,
      checklist_items: [
        { id: 'new-1', text: 'a', completed: false },
        { id: 'new-2', text: 'b', completed: false },
      ],
      chat_history: [{ role: 'system', content: 'Error: Could not parse message' }],
    });
  });

  it('cuts long lists only when bounded: the first checklist items, the latest chat messages', () => {
    const items = Array.from({ length: NOTE_FIELDS.checklist_items.value.max + 1 }, (_, i) => ({
      id: `i${i}`,
      text: '',
      completed: false,
    }));
    const chat = Array.from({ length: NOTE_FIELDS.chat_history.value.max + 1 }, (_, i) => ({
      role: 'user',
      content: String(i),
    }));
    expect(readContentValue('checklist_items', items)).toHaveLength(items.length);
    expect(readContentValue('checklist_items', items, { bounded: true })?.at(-1)?.id).toBe(`i${items.length - 2}`);
    expect(readContentValue('chat_history', chat, { bounded: true })?.[0]?.content).toBe('1');
  });

  it('reads ai_excluded as given when a boolean, else as not kept out (a note stored before issue 34)', () => {
    expect(readContent({ ai_excluded: true }).ai_excluded).toBe(true);
    expect(readContent({}).ai_excluded).toBe(false);
    for (const value of ['true', 1, null]) expect(readContentValue('ai_excluded', value)).toBe(false);
  });

  it('keeps the items of a plain list that are of its kind, for the schema to judge', () => {
    expect(admittedItems(list(text({ max: 2 }), 5), ['ab', 'abc', 3, '', null])).toEqual(['ab', 'abc', '']);
    expect(admittedItems(list(CHECKLIST_ITEM, 5), [{ id: 'a' }, ['x'], 'x'])).toEqual([{ id: 'a' }]);
    expect(admittedItems(list(text({ max: 2 }), 5), 'ab')).toBeNull();
  });

  it('repairs only the lists of a patch, and only the fields it has', () => {
    expect(withListsRepaired({ title: 5 as never, chat_history: [] })).toEqual({ title: 5, chat_history: null });
    expect(withListsRepaired({})).toEqual({});
  });
});
