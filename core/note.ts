// The Note entity's zod schemas (spec section 3), built from the declaration of its fields
// (note-fields.ts), for the server's REST layer and the client's writes and imports.
import { z } from 'zod';
import {
  CHAT_MESSAGE,
  CHECKLIST_ITEM,
  NOTE_COLUMNS,
  NOTE_CONTENT_FIELDS,
  NOTE_FIELD_NAMES,
  NOTE_FIELDS,
  fieldSpec,
  type ContentField,
  type NoteColumn,
  type NoteField,
  type WrittenValue,
  type FieldValue,
} from './note-fields';
import type { ListValue, MemberSpec, OneOfValue, OptionalValue, RecordValue, ValueSpec } from './note-values';

export {
  CHAT_MESSAGE_PLACEHOLDER,
  CHAT_ROLES,
  CHECKLIST_ITEM_PLACEHOLDER,
  NOTE_LIMITS,
  isChatRole,
} from './note-constants';
export {
  NOTE_COLUMNS,
  type ChatMessage,
  type ChatRole,
  type ChecklistItem,
  type NoteColumn,
  type NoteContent,
  type NoteRow,
  type NoteWritable,
} from './note-fields';

/** The zod schema a value spec builds (ZodOf<typeof CHAT_MESSAGE> is a z.ZodObject, and so on). */
type ZodOf<S> = S extends { type: 'uuid' }
  ? z.ZodUUID
  : S extends { type: 'text' }
    ? z.ZodString
    : S extends { type: 'boolean' }
      ? z.ZodBoolean
      : S extends { type: 'timestamp' }
        ? z.ZodISODateTime
        : S extends { type: 'count' }
          ? z.ZodNumber
          : S extends OneOfValue<infer V>
            ? z.ZodEnum<{ [K in V]: K }>
            : S extends ListValue<infer E>
              ? ZodOf<E> extends infer Item extends z.core.SomeType
                ? z.ZodArray<Item>
                : never
              : S extends OptionalValue<infer E>
                ? ZodOf<E> extends infer Inner extends z.core.SomeType
                  ? z.ZodOptional<Inner>
                  : never
                : S extends RecordValue<infer F>
                  ? { -readonly [K in keyof F]: ZodOf<F[K]> } extends infer Shape extends z.core.$ZodShape
                    ? z.ZodObject<Shape, z.core.$strip>
                    : never
                  : never;

/** ISO-8601 timestamp with a zone, as PostgreSQL's timestamptz accepts and returns it. */
export const isoTimestampSchema = z.iso.datetime({ offset: true });

function buildSchema(spec: MemberSpec): z.ZodType {
  switch (spec.type) {
    case 'optional':
      return buildSchema(spec.of).optional();
    case 'uuid':
      return z.uuid();
    case 'text': {
      const string = z.string();
      const bounded = (spec.min > 0 ? string.min(spec.min) : string).max(spec.max);
      return spec.pattern === undefined
        ? bounded
        : bounded.regex(new RegExp(spec.pattern, 'u'), `must be ${spec.rule ?? 'a string of its form'}`);
    }
    case 'boolean':
      return z.boolean();
    case 'timestamp':
      return isoTimestampSchema;
    case 'count':
      return z.number().int().nonnegative();
    case 'one-of':
      return z.enum(spec.values as [string, ...string[]]);
    case 'list':
      return z.array(buildSchema(spec.of)).max(spec.max);
    case 'record':
      return z.object(
        Object.fromEntries(Object.entries(spec.fields).map(([name, member]) => [name, buildSchema(member)])),
      );
  }
}

/** The schema of a value spec, typed as precisely as zod would type it written out. */
function zodOf<S extends ValueSpec>(spec: S): ZodOf<S> {
  // ZodOf is instantiated only for the concrete specs below; for a generic S it would not end.
  return buildSchema(spec) as unknown as ZodOf<S>;
}

export const checklistItemSchema = zodOf(CHECKLIST_ITEM);
export const chatMessageSchema = zodOf(CHAT_MESSAGE);
export const chatRoleSchema = chatMessageSchema.shape.role;
export const checklistItemsSchema = zodOf(NOTE_FIELDS.checklist_items.value);
export const chatHistorySchema = zodOf(NOTE_FIELDS.chat_history.value);

function fieldSchema(name: NoteField, spec: ValueSpec): z.ZodType {
  const schema = buildSchema(spec);
  return fieldSpec(name).nullable ? schema.nullable() : schema;
}

/** A note as the server stores it and the REST API returns it; its keys are NOTE_COLUMNS, in order. */
export const noteRowSchema = z.object(
  Object.fromEntries(NOTE_COLUMNS.map((name) => [name, fieldSchema(name, fieldSpec(name).value)])) as {
    [K in NoteColumn]: z.ZodType<FieldValue<K>>;
  },
);

/** Every field a client may write, and nothing else. `base_revision` is write-only: the database checks it and clears it. */
export const noteWritableSchema = z.strictObject(
  Object.fromEntries(
    NOTE_FIELD_NAMES.map((name) => {
      const spec = fieldSpec(name);
      return [name, fieldSchema(name, spec.written ?? spec.value)];
    }),
  ) as { [K in NoteField]: z.ZodType<WrittenValue<K>> },
);

const CONTENT_MASK = Object.fromEntries(NOTE_CONTENT_FIELDS.map((name) => [name, true])) as {
  [K in ContentField]: true;
};

/** The content fields of noteWritableSchema: what a local write checks [S1]. */
export const noteContentSchema = noteWritableSchema.pick(CONTENT_MASK);
