// The Note's bounds, placeholders and chat roles as plain values, without zod: code that must stay small
// reads them (the search worker reads stored notes with them). note-fields.ts declares the fields with
// them, and note.ts re-exports them beside its schemas.

export const CHECKLIST_ITEM_PLACEHOLDER = 'Item';
export const CHAT_MESSAGE_PLACEHOLDER = 'Error: Could not parse message';

/** Bounds that keep one note well under the server's 1 MB body limit. */
export const NOTE_LIMITS = {
  title: 500,
  text: 200_000,
  checklistItemId: 200,
  mutationId: 100,
  checklistItems: 1_000,
  checklistItemText: 2_000,
  chatMessages: 500,
  chatMessageContent: 50_000,
  /** Tags a note holds of its own (its text's `#tags` are not counted), each of at most `tagLength`. */
  tags: 30,
  tagLength: 64,
} as const;

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;

/** Whether `value` is one of CHAT_ROLES. */
export function isChatRole(value: unknown): value is (typeof CHAT_ROLES)[number] {
  return typeof value === 'string' && (CHAT_ROLES as readonly string[]).includes(value);
}

/**
 * An item's due date (issue 35): a day in the user's own time zone (`2026-03-31`), or, when it has a time,
 * that instant in UTC as Date#toISOString writes it. core/due-dates.ts reads both.
 */
export const DUE_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$`;
export const DUE_RULE = 'a day (YYYY-MM-DD) or an instant in UTC (YYYY-MM-DDTHH:MM:SS.sssZ)';
export const REPEATS = ['daily', 'weekly', 'monthly'] as const;
export type Repeat = (typeof REPEATS)[number];
