// Checklist items and chat history: reading stored values leniently (spec section 3) and pure edits.
import { extractActionSteps } from './action-steps';
import type { ChatMessage, ChecklistItem } from './note-fields';
// The constants without the schemas: reading stored notes loads no zod (the search worker does it).
import {
  CHAT_MESSAGE_PLACEHOLDER,
  CHECKLIST_ITEM_PLACEHOLDER,
  DUE_PATTERN,
  NOTE_LIMITS,
  REPEATS,
  isChatRole,
  type Repeat,
} from './note-constants';
import { randomUuid } from './random-id';
import type { MakeId } from './random-id';

export type { MakeId } from './random-id';

/** Ids of items derived from action steps (spec section 3: `auto-{index}`, 0-based). */
export function autoItemId(index: number): string {
  return `auto-${index}`;
}

/** Unchecked items for extracted action steps, trimmed to what a note may store. */
export function stepsToChecklist(steps: readonly string[]): ChecklistItem[] {
  return steps.slice(0, NOTE_LIMITS.checklistItems).map((step, index) => ({
    id: autoItemId(index),
    text: step.slice(0, NOTE_LIMITS.checklistItemText),
    completed: false,
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Older rows and hand-edited local data may hold the JSON text rather than the list itself.
function asArray(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Stored checklist items as the app can use them: null when there is no list; a malformed item
 * becomes an unchecked 'Item'; a missing, oversized or repeated id is replaced so ids stay unique.
 */
export function normalizeChecklistItems(value: unknown, makeId: MakeId = randomUuid): ChecklistItem[] | null {
  const list = asArray(value);
  if (!list) return null;
  const seen = new Set<string>();
  return list.map((raw): ChecklistItem => {
    const record = isRecord(raw) ? raw : null;
    const text = typeof raw === 'string' ? raw : typeof record?.text === 'string' ? record.text : null;
    let id = typeof record?.id === 'string' ? record.id : typeof record?.id === 'number' ? String(record.id) : '';
    if (id === '' || id.length > NOTE_LIMITS.checklistItemId || seen.has(id)) id = makeId();
    seen.add(id);
    if (text === null) return { id, text: CHECKLIST_ITEM_PLACEHOLDER, completed: false };
    return {
      id,
      text: text.slice(0, NOTE_LIMITS.checklistItemText),
      completed: record?.completed === true,
      ...(record ? dueMembers(record) : {}),
    };
  });
}

const DUE = new RegExp(DUE_PATTERN, 'u');

/** A due date of the stored form that names a real day (not 31 February) or instant. */
export function isDue(value: unknown): value is string {
  if (typeof value !== 'string' || !DUE.test(value)) return false;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, value.length) === value;
}

/**
 * An item's date, repeat and reminder as far as they are well formed: a malformed date is dropped with the
 * repeat and reminder that hang on it, rather than the item refused.
 */
function dueMembers(record: Record<string, unknown>): Pick<ChecklistItem, 'due' | 'repeat' | 'remind'> {
  const { due, repeat, remind } = record;
  if (!isDue(due)) return {};
  return {
    due,
    ...(typeof repeat === 'string' && (REPEATS as readonly string[]).includes(repeat)
      ? { repeat: repeat as Repeat }
      : {}),
    // A reminder needs a time: a day without one reminds of nothing.
    ...(remind === true && due.length > 10 ? { remind: true } : {}),
  };
}

/** Stored chat history: null when absent or empty (spec section 3); malformed messages become a system notice. */
export function normalizeChatHistory(value: unknown): ChatMessage[] | null {
  const list = asArray(value);
  if (!list || list.length === 0) return null;
  return list.map((raw): ChatMessage => {
    const role = isRecord(raw) ? raw.role : undefined;
    const content = isRecord(raw) ? raw.content : undefined;
    if (!isChatRole(role) || typeof content !== 'string') return { role: 'system', content: CHAT_MESSAGE_PLACEHOLDER };
    return { role, content };
  });
}

/** The edit screen's starting list (spec section 4): saved items, else the action steps, else empty. */
export function initialChecklist(
  note: { is_checklist: boolean; checklist_items: unknown; expanded_content: string | null },
  makeId: MakeId = randomUuid,
): ChecklistItem[] {
  const saved = normalizeChecklistItems(note.checklist_items, makeId);
  if (note.is_checklist && saved && saved.length > 0) return saved;
  return stepsToChecklist(extractActionSteps(note.expanded_content));
}

// The edits below never mutate; they return the same array when nothing changes so React can skip a render.

export function toggleItem(items: ChecklistItem[], id: string): ChecklistItem[] {
  if (!items.some((item) => item.id === id)) return items;
  return items.map((item) => (item.id === id ? { ...item, completed: !item.completed } : item));
}

/** Text is kept as typed (even blank) while editing in place. */
export function editItemText(items: ChecklistItem[], id: string, text: string): ChecklistItem[] {
  if (!items.some((item) => item.id === id && item.text !== text)) return items;
  return items.map((item) => (item.id === id ? { ...item, text } : item));
}

export function removeItem(items: ChecklistItem[], id: string): ChecklistItem[] {
  return items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items;
}

/** Moves item `id` to position `to` (clamped to the list), the others keeping their order. */
export function moveItem(items: ChecklistItem[], id: string, to: number): ChecklistItem[] {
  const from = items.findIndex((item) => item.id === id);
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from === target) return items;
  const moved = items.filter((item) => item.id !== id);
  moved.splice(target, 0, items[from]!);
  return moved;
}

/** Appends an unchecked item; blank text (after trimming) is ignored (spec section 5). */
export function appendItem(items: ChecklistItem[], text: string, makeId: MakeId = randomUuid): ChecklistItem[] {
  const trimmed = text.trim();
  if (trimmed === '') return items;
  return [...items, { id: makeId(), text: trimmed, completed: false }];
}
