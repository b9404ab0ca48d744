// The Note's bounds, placeholders, chat roles and columns as plain values: the part of note.ts that code
// which must stay small reads (the search worker reads stored notes with them, the sync names the columns
// it selects), without zod and the schemas. note.ts builds its schemas from these and re-exports them.

export const CHECKLIST_ITEM_PLACEHOLDER = 'Item';
export const CHAT_MESSAGE_PLACEHOLDER = 'Error: Could not parse message';

/** Bounds that keep one note well under the server's 1 MB body limit. */
export const NOTE_LIMITS = {
  title: 500,
  text: 200_000,
  checklistItems: 1_000,
  checklistItemText: 2_000,
  chatMessages: 500,
  chatMessageContent: 50_000,
} as const;

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;

/** Whether `value` is one of CHAT_ROLES. */
export function isChatRole(value: unknown): value is (typeof CHAT_ROLES)[number] {
  return typeof value === 'string' && (CHAT_ROLES as readonly string[]).includes(value);
}

// The columns of noteRowSchema, in its order (the server's queries and change events list them so).
// note.ts's schema takes exactly these keys (its `satisfies`); note-check.test.ts checks the order.
const NOTE_ROW_COLUMNS = {
  id: true,
  user_id: true,
  title: true,
  content: true,
  expanded_content: true,
  is_checklist: true,
  checklist_items: true,
  chat_history: true,
  created_at: true,
  updated_at: true,
  revision: true,
  deleted_at: true,
  last_mutation_id: true,
} as const;

/** A column of a note as the server stores it and the REST API returns it: a key of NoteRow. */
export type NoteColumn = keyof typeof NOTE_ROW_COLUMNS;

/** The columns of a note as the server stores it and the REST API returns it (noteRowSchema's keys). */
export const NOTE_COLUMNS = Object.keys(NOTE_ROW_COLUMNS) as NoteColumn[];
