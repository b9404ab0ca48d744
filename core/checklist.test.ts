// Checklist and chat-history normalisation and the pure checklist edits.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  moveItem,
  appendItem,
  autoItemId,
  editItemText,
  initialChecklist,
  normalizeChatHistory,
  normalizeChecklistItems,
  removeItem,
  stepsToChecklist,
  toggleItem,
} from './checklist';
import { NOTE_LIMITS, chatHistorySchema, checklistItemsSchema } from './note';
import type { ChecklistItem } from './note';

function counter(prefix = 'gen'): () => string {
  let n = 0;
  return () => `${prefix}-${n++}`;
}

const items: ChecklistItem[] = [
  { id: 'a', text: 'Research', completed: false },
  { id: 'b', text: 'Build', completed: true },
];

describe('stepsToChecklist', () => {
  it('gives auto-{index} ids from 0 and leaves items unchecked', () => {
    expect(stepsToChecklist(['Research', 'Build'])).toEqual([
      { id: 'auto-0', text: 'Research', completed: false },
      { id: 'auto-1', text: 'Build', completed: false },
    ]);
    expect(autoItemId(3)).toBe('auto-3');
  });

  it('returns [] for no steps', () => {
    expect(stepsToChecklist([])).toEqual([]);
  });

  it('stays within what the note schema accepts', () => {
    const many = Array.from({ length: NOTE_LIMITS.checklistItems + 5 }, () =>
      'x'.repeat(NOTE_LIMITS.checklistItemText + 1),
    );
    expect(checklistItemsSchema.safeParse(stepsToChecklist(many)).success).toBe(true);
  });
});

describe('normalizeChecklistItems', () => {
  it.each([null, undefined, 42, 'not json', '{"a":1}', { id: 'a' }])('returns null for %j', (value) => {
    expect(normalizeChecklistItems(value)).toBeNull();
  });

  it('keeps an empty list empty', () => {
    expect(normalizeChecklistItems([])).toEqual([]);
  });

  it('keeps well-formed items', () => {
    expect(normalizeChecklistItems(items)).toEqual(items);
  });

  it('turns malformed items into unchecked placeholders with generated ids', () => {
    expect(normalizeChecklistItems([null, 7, { id: 'x', text: 3 }, ['nested']], counter())).toEqual([
      { id: 'gen-0', text: 'Item', completed: false },
      { id: 'gen-1', text: 'Item', completed: false },
      { id: 'x', text: 'Item', completed: false },
      { id: 'gen-2', text: 'Item', completed: false },
    ]);
  });

  it('generates missing, blank, oversized and repeated ids', () => {
    const value = [
      { text: 'a' },
      { id: '', text: 'b' },
      { id: 'x'.repeat(201), text: 'c' },
      { id: 'k', text: 'd' },
      { id: 'k', text: 'e' },
    ];
    expect(normalizeChecklistItems(value, counter())?.map((item) => item.id)).toEqual([
      'gen-0',
      'gen-1',
      'gen-2',
      'k',
      'gen-3',
    ]);
  });

  it('reads numeric ids, a missing completed flag and bare strings', () => {
    expect(normalizeChecklistItems([{ id: 1, text: 'a', completed: 'yes' }, 'Buy milk'], counter())).toEqual([
      { id: '1', text: 'a', completed: false },
      { id: 'gen-0', text: 'Buy milk', completed: false },
    ]);
  });

  it('keeps a well-formed date, repeat and reminder, and drops a malformed date with what hangs on it', () => {
    expect(
      normalizeChecklistItems(
        [
          { id: 'a', text: 'Venue', completed: false, due: '2026-03-31', repeat: 'weekly' },
          { id: 'b', text: 'Call', completed: false, due: '2026-03-31T08:30:00.000Z', remind: true },
          { id: 'c', text: 'Odd', completed: false, due: '2026-02-31', repeat: 'weekly', remind: true },
          { id: 'd', text: 'Odd repeat', completed: false, due: '2026-03-31', repeat: 'yearly', remind: 'yes' },
          { id: 'e', text: 'No date', completed: false, repeat: 'daily', remind: true },
          { id: 'f', text: 'A day', completed: false, due: '2026-03-31', remind: true },
        ],
        counter(),
      ),
    ).toEqual([
      { id: 'a', text: 'Venue', completed: false, due: '2026-03-31', repeat: 'weekly' },
      { id: 'b', text: 'Call', completed: false, due: '2026-03-31T08:30:00.000Z', remind: true },
      { id: 'c', text: 'Odd', completed: false },
      { id: 'd', text: 'Odd repeat', completed: false, due: '2026-03-31' },
      { id: 'e', text: 'No date', completed: false },
      { id: 'f', text: 'A day', completed: false, due: '2026-03-31' },
    ]);
  });

  it('reads a list stored as JSON text and drops unknown fields', () => {
    expect(normalizeChecklistItems('[{"id":"a","text":"t","completed":true,"extra":1}]')).toEqual([
      { id: 'a', text: 't', completed: true },
    ]);
  });

  it('uses random UUIDs by default', () => {
    expect(normalizeChecklistItems([{ text: 'a' }])?.[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('always yields items the note schema accepts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.anything(), fc.record({ id: fc.string(), text: fc.string(), completed: fc.anything() }))),
        (value) => {
          const result = normalizeChecklistItems(value, counter());
          expect(checklistItemsSchema.safeParse(result).success).toBe(true);
          expect(new Set(result?.map((item) => item.id)).size).toBe(value.length);
        },
      ),
    );
  });
});

describe('normalizeChatHistory', () => {
  it.each([null, undefined, [], '[]', 'oops', { role: 'user' }])('returns null for %j', (value) => {
    expect(normalizeChatHistory(value)).toBeNull();
  });

  it('keeps valid messages and drops unknown fields', () => {
    expect(
      normalizeChatHistory([
        { role: 'user', content: 'hi', at: 1 },
        { role: 'assistant', content: '' },
      ]),
    ).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '' },
    ]);
  });

  it('replaces malformed messages with a system notice', () => {
    const notice = { role: 'system', content: 'Error: Could not parse message' };
    expect(
      normalizeChatHistory([null, { role: 'bot', content: 'x' }, { role: 'user' }, { role: 'user', content: 5 }, 'hi']),
    ).toEqual([notice, notice, notice, notice, notice]);
  });

  it('always yields a history the note schema accepts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 20 }), (value) => {
        const result = normalizeChatHistory(value);
        expect(result === null ? value.length === 0 : chatHistorySchema.safeParse(result).success).toBe(true);
      }),
    );
  });
});

describe('initialChecklist', () => {
  const expanded = 'Plan.\n\nAction Steps:\n1. Research\n2. Build';

  it('uses saved items of a checklist note', () => {
    expect(initialChecklist({ is_checklist: true, checklist_items: items, expanded_content: expanded })).toEqual(items);
  });

  it('falls back to the action steps', () => {
    const fromSteps = [
      { id: 'auto-0', text: 'Research', completed: false },
      { id: 'auto-1', text: 'Build', completed: false },
    ];
    expect(initialChecklist({ is_checklist: false, checklist_items: items, expanded_content: expanded })).toEqual(
      fromSteps,
    );
    expect(initialChecklist({ is_checklist: true, checklist_items: [], expanded_content: expanded })).toEqual(
      fromSteps,
    );
  });

  it('is empty without items or steps', () => {
    expect(initialChecklist({ is_checklist: false, checklist_items: null, expanded_content: null })).toEqual([]);
  });
});

describe('checklist edits', () => {
  it('toggles one item without mutating', () => {
    const next = toggleItem(items, 'a');
    expect(next).toEqual([{ ...items[0], completed: true }, items[1]]);
    expect(items[0]?.completed).toBe(false);
    expect(toggleItem(next, 'a')).toEqual(items);
  });

  it('edits text in place, blank allowed while typing', () => {
    expect(editItemText(items, 'b', 'Ship')[1]).toEqual({ id: 'b', text: 'Ship', completed: true });
    expect(editItemText(items, 'a', '')[0]?.text).toBe('');
  });

  it('removes an item', () => {
    expect(removeItem(items, 'a')).toEqual([items[1]]);
  });

  it('returns the same array when nothing changes', () => {
    expect(toggleItem(items, 'zzz')).toBe(items);
    expect(editItemText(items, 'zzz', 'x')).toBe(items);
    expect(editItemText(items, 'a', 'Research')).toBe(items);
    expect(removeItem(items, 'zzz')).toBe(items);
  });

  it('appends a trimmed, unchecked item', () => {
    expect(appendItem(items, '  Launch  ', () => 'new')).toEqual([
      ...items,
      { id: 'new', text: 'Launch', completed: false },
    ]);
  });

  it('ignores blank text', () => {
    expect(appendItem(items, ' \t\n ', () => 'new')).toBe(items);
  });

  it('generates a UUID by default', () => {
    expect(appendItem([], 'x')[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
  });
});

describe('moveItem', () => {
  const items = [
    { id: 'a', text: 'A', completed: false },
    { id: 'b', text: 'B', completed: false },
    { id: 'c', text: 'C', completed: true },
  ];
  it('moves an item to a position, the others keeping their order', () => {
    expect(moveItem(items, 'c', 0).map((item) => item.id)).toEqual(['c', 'a', 'b']);
    expect(moveItem(items, 'a', 1).map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(moveItem(items, 'a', 2).map((item) => item.id)).toEqual(['b', 'c', 'a']);
  });
  it('clamps the position, and returns the same list when nothing moves', () => {
    expect(moveItem(items, 'b', 99).map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(moveItem(items, 'b', -1).map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(moveItem(items, 'b', 1)).toBe(items);
    expect(moveItem(items, 'nope', 0)).toBe(items);
  });
});
