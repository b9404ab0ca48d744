// The Note entity and its parts (spec section 3), shared by the server's REST layer and the client.
import { z } from 'zod';
import { CHAT_ROLES, NOTE_LIMITS, type NoteColumn } from './note-constants';

export { CHAT_MESSAGE_PLACEHOLDER, CHAT_ROLES, CHECKLIST_ITEM_PLACEHOLDER, NOTE_COLUMNS, NOTE_LIMITS, isChatRole, type NoteColumn } from './note-constants';

export const checklistItemSchema = z.object({
  id: z.string().min(1).max(200),
  text: z.string().max(NOTE_LIMITS.checklistItemText),
  completed: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const chatRoleSchema = z.enum(CHAT_ROLES);
export type ChatRole = z.infer<typeof chatRoleSchema>;

export const chatMessageSchema = z.object({
  role: chatRoleSchema,
  content: z.string().max(NOTE_LIMITS.chatMessageContent),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const checklistItemsSchema = z.array(checklistItemSchema).max(NOTE_LIMITS.checklistItems);
export const chatHistorySchema = z.array(chatMessageSchema).max(NOTE_LIMITS.chatMessages);

/** ISO-8601 timestamp with a zone, as PostgreSQL's timestamptz accepts and returns it. */
export const isoTimestampSchema = z.iso.datetime({ offset: true });

/** A note as the server stores it and the REST API returns it; its keys are NOTE_COLUMNS (note-constants.ts). */
export const noteRowSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  title: z.string().max(NOTE_LIMITS.title),
  content: z.string().max(NOTE_LIMITS.text),
  expanded_content: z.string().max(NOTE_LIMITS.text).nullable(),
  is_checklist: z.boolean(),
  checklist_items: checklistItemsSchema.nullable(),
  chat_history: chatHistorySchema.nullable(),
  created_at: isoTimestampSchema,
  updated_at: isoTimestampSchema,
  // Sync bookkeeping (docs/sync.md): set by the database, never decided by clocks.
  revision: z.number().int().nonnegative(),
  deleted_at: isoTimestampSchema.nullable(),
  last_mutation_id: z.string().max(100).nullable(),
} satisfies Record<NoteColumn, z.ZodType>);
export type NoteRow = z.infer<typeof noteRowSchema>;

/** Columns a client may write. `base_revision` is write-only: the database checks it and clears it. */
export const noteWritableSchema = z.strictObject({
  id: z.uuid(),
  user_id: z.uuid(),
  title: z.string().max(NOTE_LIMITS.title),
  content: z.string().max(NOTE_LIMITS.text),
  expanded_content: z.string().max(NOTE_LIMITS.text).nullable(),
  is_checklist: z.boolean(),
  checklist_items: checklistItemsSchema.nullable(),
  chat_history: chatHistorySchema.nullable(),
  created_at: isoTimestampSchema,
  updated_at: isoTimestampSchema,
  deleted_at: isoTimestampSchema.nullable(),
  last_mutation_id: z.string().min(1).max(100).nullable(),
  base_revision: z.number().int().nonnegative().nullable(),
  revision: z.number().int().nonnegative(),
});
export type NoteWritable = z.infer<typeof noteWritableSchema>;

export const NOTE_WRITABLE_COLUMNS = Object.keys(noteWritableSchema.shape) as (keyof NoteWritable)[];
