// The note's fields, declared once (ARCHITECTURE 10.1): for each its SQL type, nullability, who writes it,
// what kind of field it is and the values it takes. The column lists, the schemas, the quick checks, the
// content picker, the server's column types and the client's forms and files derive from this table;
// server/test/notes-table.test.ts holds the real table to it. Plain data, no zod (note-values.ts).
import { CHAT_ROLES, DUE_PATTERN, DUE_RULE, NOTE_LIMITS, REPEATS } from './note-constants';
import { TAG_PATTERN, TAG_RULE } from './tags';
import {
  boolean,
  count,
  list,
  oneOf,
  optional,
  record,
  text,
  timestamp,
  uuid,
  type BooleanValue,
  type CountValue,
  type ListValue,
  type OneOfValue,
  type TextValue,
  type TimestampValue,
  type UuidValue,
  type ValueOf,
  type ValueSpec,
} from './note-values';

/**
 * The column types the notes table uses. Every one is written by row_to_json either as a JSON string with
 * its quotes escaped, a bare literal, or (jsonb) in jsonb's own spacing (`", "`, `": "`), which
 * server/src/rest/table-row-json.ts relies on to find members: a `json` column would break that.
 */
export type SqlType = 'uuid' | 'text' | 'boolean' | 'jsonb' | 'timestamptz' | 'bigint';

/**
 * Who sets a field: the client; the client, but it is never read back ('write-only': the database checks
 * it and clears it); or the database ('server': a value a client sends back is ignored).
 */
export type Writer = 'client' | 'write-only' | 'server';

/**
 * - 'identity': which note and whose; never changes.
 * - 'content': what the user edits. Compared to tell versions apart, exported and imported, and cleared to
 *   its `empty` value when the note is deleted (a tombstone keeps none of it).
 * - 'time': when the note was made and last edited, as the device that did it says.
 * - 'sync': the bookkeeping of docs/sync.md.
 */
export type FieldKind = 'identity' | 'content' | 'time' | 'sync';

interface FieldBase {
  readonly nullable: boolean;
  readonly writer: Writer;
  readonly kind: FieldKind;
  /** For content: what a tombstone keeps, and what a stored note without the field reads as. */
  readonly empty?: unknown;
}

/** A field: its SQL type with the values that type can hold, `written` when a write takes fewer than a read shows. */
export type FieldSpec = FieldBase &
  (
    | { readonly sql: 'uuid'; readonly value: UuidValue; readonly written?: UuidValue }
    | { readonly sql: 'text'; readonly value: TextValue | OneOfValue; readonly written?: TextValue | OneOfValue }
    | { readonly sql: 'boolean'; readonly value: BooleanValue; readonly written?: BooleanValue }
    | { readonly sql: 'jsonb'; readonly value: ListValue; readonly written?: ListValue }
    | { readonly sql: 'timestamptz'; readonly value: TimestampValue; readonly written?: TimestampValue }
    | { readonly sql: 'bigint'; readonly value: CountValue; readonly written?: CountValue }
  );

// Dates, repeats and reminders are optional members: an item without them has no date, and a client
// that predates them writes valid items.
export const CHECKLIST_ITEM = record({
  id: text({ min: 1, max: NOTE_LIMITS.checklistItemId }),
  text: text({ max: NOTE_LIMITS.checklistItemText }),
  completed: boolean(),
  due: optional(text({ min: 10, max: 24, pattern: DUE_PATTERN, rule: DUE_RULE })),
  /** Ticking a repeating item moves it to its next date rather than ticking it. */
  repeat: optional(oneOf(REPEATS)),
  /** A reminder at `due`, when that is an instant. */
  remind: optional(boolean()),
});

export const CHAT_MESSAGE = record({
  role: oneOf(CHAT_ROLES),
  content: text({ max: NOTE_LIMITS.chatMessageContent }),
});

/**
 * The fields in their wire order: `select=*` answers, the export and the schemas list them so. A new field
 * goes last (docs/architecture.md, "Add a field to a note"); the table's own column order does not matter.
 */
export const NOTE_FIELDS = {
  id: { sql: 'uuid', nullable: false, writer: 'client', kind: 'identity', value: uuid() },
  user_id: { sql: 'uuid', nullable: false, writer: 'client', kind: 'identity', value: uuid() },
  title: {
    sql: 'text',
    nullable: false,
    writer: 'client',
    kind: 'content',
    value: text({ max: NOTE_LIMITS.title }),
    empty: '',
  },
  content: {
    sql: 'text',
    nullable: false,
    writer: 'client',
    kind: 'content',
    value: text({ max: NOTE_LIMITS.text }),
    empty: '',
  },
  expanded_content: {
    sql: 'text',
    nullable: true,
    writer: 'client',
    kind: 'content',
    value: text({ max: NOTE_LIMITS.text }),
    empty: null,
  },
  is_checklist: { sql: 'boolean', nullable: false, writer: 'client', kind: 'content', value: boolean(), empty: false },
  checklist_items: {
    sql: 'jsonb',
    nullable: true,
    writer: 'client',
    kind: 'content',
    value: list(CHECKLIST_ITEM, NOTE_LIMITS.checklistItems),
    empty: null,
  },
  chat_history: {
    sql: 'jsonb',
    nullable: true,
    writer: 'client',
    kind: 'content',
    value: list(CHAT_MESSAGE, NOTE_LIMITS.chatMessages),
    empty: null,
  },
  created_at: { sql: 'timestamptz', nullable: false, writer: 'client', kind: 'time', value: timestamp() },
  updated_at: { sql: 'timestamptz', nullable: false, writer: 'client', kind: 'time', value: timestamp() },
  // Set by the database on every write, from a global sequence [S2].
  revision: { sql: 'bigint', nullable: false, writer: 'server', kind: 'sync', value: count() },
  deleted_at: { sql: 'timestamptz', nullable: true, writer: 'client', kind: 'sync', value: timestamp() },
  // A stored row may hold an empty id (a plain SQL write); a client never sends one [S3].
  last_mutation_id: {
    sql: 'text',
    nullable: true,
    writer: 'client',
    kind: 'sync',
    value: text({ max: NOTE_LIMITS.mutationId }),
    written: text({ min: 1, max: NOTE_LIMITS.mutationId }),
  },
  // The revision a change was made on [S4]: the database refuses a stale one and clears it.
  base_revision: { sql: 'bigint', nullable: true, writer: 'write-only', kind: 'sync', value: count() },
  // When the note went to the Trash, on the clock of the device that moved it; null for a note in the
  // lists [S29]. Content, so a move to the Trash or back syncs and is compared like any edit, and a
  // tombstone clears it.
  trashed_at: {
    sql: 'timestamptz',
    nullable: true,
    writer: 'client',
    kind: 'content',
    value: timestamp(),
    empty: null,
  },
  // When the user pinned the note, on their device's clock; null when not pinned. Pinned notes come first
  // in the lists (issue 33). Content, like trashed_at, so a pin syncs and a tombstone clears it.
  pinned_at: {
    sql: 'timestamptz',
    nullable: true,
    writer: 'client',
    kind: 'content',
    value: timestamp(),
    empty: null,
  },
  // When the user archived the note; null for a note in the lists. An archived note leaves the dashboard,
  // Checklists and Recent Ideas and is listed on the Archive screen (issue 33).
  archived_at: {
    sql: 'timestamptz',
    nullable: true,
    writer: 'client',
    kind: 'content',
    value: timestamp(),
    empty: null,
  },
  // The note's own tags (issue 33), lower case, each once; the text's `#tags` are the note's too but stay in
  // the text (core/tags.ts). Null or an empty list: none.
  tags: {
    sql: 'jsonb',
    nullable: true,
    writer: 'client',
    kind: 'content',
    value: list(text({ min: 1, max: NOTE_LIMITS.tagLength, pattern: TAG_PATTERN, rule: TAG_RULE }), NOTE_LIMITS.tags),
    empty: null,
  },
  // Whether the user keeps the note out of the assistant (issue 34), as Reflect's `private: true`: nothing
  // of it is sent to the AI (the per-note chat, the recent notes of a prompt, the index of meanings and its
  // answers). Content, so it syncs and is exported like the pin, and a tombstone clears it; set by its own
  // action, like a placement (PLACEMENT_FIELDS). Two versions merge to kept out if either is (note-merge.ts).
  ai_excluded: { sql: 'boolean', nullable: false, writer: 'client', kind: 'content', value: boolean(), empty: false },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof NOTE_FIELDS;
/** Any field of a note, as a write may name it. */
export type NoteField = keyof Fields;
type FieldsWhere<P> = { [K in NoteField]: Fields[K] extends P ? K : never }[NoteField];
/** A column of a note as the server stores it and the REST API returns it: every field but the write-only. */
export type NoteColumn = Exclude<NoteField, FieldsWhere<{ writer: 'write-only' }>>;
/** A field the user edits. */
export type ContentField = FieldsWhere<{ kind: 'content' }>;
/** A field of the note itself: everything but the sync's bookkeeping. */
export type DataField = Exclude<NoteField, FieldsWhere<{ kind: 'sync' }>>;

type Nullable<K extends NoteField> = Fields[K]['nullable'] extends true ? null : never;
/** The values field K holds when read. */
export type FieldValue<K extends NoteField> = ValueOf<Fields[K]['value']> | Nullable<K>;
/** The values a write may give field K. */
export type WrittenValue<K extends NoteField> =
  | ValueOf<Fields[K] extends { written: ValueSpec } ? Fields[K]['written'] : Fields[K]['value']>
  | Nullable<K>;

/** A note as the server stores it and the REST API returns it. */
export type NoteRow = { [K in NoteColumn]: FieldValue<K> };
/** A row a client writes: every field, `base_revision` included (the database checks it and clears it). */
export type NoteWritable = { [K in NoteField]: WrittenValue<K> };
/** What the user edits of a note. */
export type NoteContent = { [K in ContentField]: FieldValue<K> };
/** The note itself, without the sync's bookkeeping (spec section 3). */
export type NoteData = { [K in DataField]: FieldValue<K> };
/** T with its lists read-only: what a screen or a file may hand over, before it is repaired into a note's own lists. */
export type ReadonlyLists<T> = { [K in keyof T]: T[K] extends (infer Item)[] | null ? readonly Item[] | null : T[K] };
export type ChecklistItem = ValueOf<typeof CHECKLIST_ITEM>;
export type ChatMessage = ValueOf<typeof CHAT_MESSAGE>;
export type ChatRole = ChatMessage['role'];

const entries = Object.entries(NOTE_FIELDS) as [NoteField, FieldSpec][];

/** Every field, in the declaration's order. */
export const NOTE_FIELD_NAMES: readonly NoteField[] = entries.map(([name]) => name);
/** The columns a read returns, in the wire's order (NoteRow's keys). */
export const NOTE_COLUMNS = entries
  .filter(([, field]) => field.writer !== 'write-only')
  .map(([name]) => name) as NoteColumn[];
/** The fields the user edits, in order. */
export const NOTE_CONTENT_FIELDS = entries
  .filter(([, field]) => field.kind === 'content')
  .map(([name]) => name) as ContentField[];
/** The fields of the note itself, in order: identity, content and times. */
export const NOTE_DATA_FIELDS = entries
  .filter(([, field]) => field.kind !== 'sync')
  .map(([name]) => name) as DataField[];

/**
 * Content fields that say where the note is kept rather than what it says: the Trash, the pin, the archive,
 * and whether it is kept out of the assistant. Each changes by its own action, never by the edit form's
 * save, keeps the note's updated_at, and is left as it is when a version from the history is restored (so
 * a restore never makes a kept-out note sendable).
 */
export const PLACEMENT_FIELDS = [
  'trashed_at',
  'pinned_at',
  'archived_at',
  'ai_excluded',
] as const satisfies readonly ContentField[];
export type PlacementField = (typeof PLACEMENT_FIELDS)[number];

/** The spec of field `name`. */
export function fieldSpec(name: NoteField): FieldSpec {
  return NOTE_FIELDS[name];
}

/** What a deleted note keeps of its content: each content field's `empty` value. */
export const EMPTY_CONTENT: Readonly<NoteContent> = Object.freeze(
  Object.fromEntries(NOTE_CONTENT_FIELDS.map((name) => [name, fieldSpec(name).empty])) as NoteContent,
);
