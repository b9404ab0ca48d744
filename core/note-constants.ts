// The Note's bounds, placeholders and chat roles as plain values: the part of note.ts that code which
// must stay small reads (the search worker reads stored notes with them), without zod and the schemas.
// note.ts builds its schemas from these and re-exports them.

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
