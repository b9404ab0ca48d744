// Reading a note's content leniently (spec section 3), field by field as note-fields.ts declares it: from
// rows stored on a device, from imported files and from screens' patches. A value of the wrong kind reads
// as its field's empty value; the two lists with repair rules of their own (checklist.ts) keep them. No
// zod and no schema: the search worker and every signed-in screen read stored notes with this.
import { normalizeChatHistory, normalizeChecklistItems } from './checklist';
import { NOTE_CONTENT_FIELDS, fieldSpec, type ContentField, type NoteContent } from './note-fields';
import { randomUuid, type MakeId } from './random-id';
import { normalizeTags } from './tags';
import type { ListValue, ValueSpec } from './note-values';

/** A list read from anything: null when it is no list; `bound` keeps what a note may store of a longer one. */
interface ListReader {
  read(value: unknown, makeId: MakeId): unknown[] | null;
  bound(items: unknown[], max: number): unknown[];
}

const firstItems = (items: unknown[], max: number) => items.slice(0, max);

// A malformed checklist item becomes an unchecked 'Item' and a repeated id a new one; a malformed chat
// message becomes a system notice, an empty chat none, and a long chat keeps its latest messages.
const REPAIRED_LISTS: Partial<Record<ContentField, ListReader>> = {
  checklist_items: { read: (value, makeId) => normalizeChecklistItems(value, makeId), bound: firstItems },
  chat_history: { read: (value) => normalizeChatHistory(value), bound: (messages, max) => messages.slice(-max) },
  // Tags as a note stores them (lower case, each once); none is null, as a tombstone keeps.
  tags: {
    read: (value) => {
      const tags = Array.isArray(value) ? normalizeTags(value) : [];
      return tags.length === 0 ? null : tags;
    },
    bound: firstItems,
  },
};

/**
 * Whether a value is of the kind a spec declares (a string, a boolean, a count, one of the values, a list,
 * an object), whatever its length, form or members: the schema judges those when a note is written.
 * Not note-check.ts's checks, which are exact and would put that module in every screen's first load.
 */
function ofKind(spec: ValueSpec): (value: unknown) => boolean {
  switch (spec.type) {
    case 'text':
    case 'uuid':
    case 'timestamp':
      return (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'count':
      return (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
    case 'one-of':
      return (value) => (spec.values as readonly unknown[]).includes(value);
    case 'list':
      return Array.isArray;
    case 'record':
      return (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

/** Any other list keeps the items of the kind it declares; null when `value` is no list. */
export function admittedItems(list: ListValue, value: unknown): unknown[] | null {
  const admits = ofKind(list.of);
  return Array.isArray(value) ? value.filter((item) => admits(item)) : null;
}

/** Whether a content field holds a list (stored as jsonb). */
export function isListField(field: ContentField): boolean {
  return fieldSpec(field).value.type === 'list';
}

export interface ReadOptions {
  /** Ids for list items that have none (checklist.ts). */
  makeId?: MakeId;
  /** Cut lists longer than a note may store, as a device keeps them; otherwise the schema refuses them. */
  bounded?: boolean;
}

type Reader = (value: unknown, options: ReadOptions) => unknown;

function readerOf(field: ContentField): Reader {
  const spec = fieldSpec(field);
  const empty = spec.empty;
  if (spec.value.type === 'list') {
    const { max } = spec.value;
    const list = spec.value;
    const reader = REPAIRED_LISTS[field] ?? { read: (value: unknown) => admittedItems(list, value), bound: firstItems };
    return (value, options) => {
      const items = reader.read(value, options.makeId ?? randomUuid);
      if (items === null) return empty;
      return options.bounded ? reader.bound(items, max) : items;
    };
  }
  const admits = ofKind(spec.value);
  return (value) => ((value === null && spec.nullable) || admits(value) ? value : empty);
}

// Built once: stored notes are read many at a time (the search worker reads them all).
const READERS = Object.fromEntries(NOTE_CONTENT_FIELDS.map((field) => [field, readerOf(field)])) as Record<
  ContentField,
  Reader
>;

/** One content field's value read leniently: its empty value when it holds nothing of its kind. */
export function readContentValue<K extends ContentField>(
  field: K,
  value: unknown,
  options: ReadOptions = {},
): NoteContent[K] {
  return READERS[field](value, options) as NoteContent[K];
}

/** A note's whole content read leniently from a stored or imported record. */
export function readContent(raw: Readonly<Record<string, unknown>>, options: ReadOptions = {}): NoteContent {
  const content: Partial<Record<ContentField, unknown>> = {};
  for (const field of NOTE_CONTENT_FIELDS) content[field] = READERS[field](raw[field], options);
  return content as NoteContent;
}

/**
 * A patch or a note as stored: its list fields repaired (readContentValue), every other field as it is,
 * for the schema to judge. Only the fields present are returned.
 */
export function withListsRepaired<T extends Partial<Record<ContentField, unknown>>>(
  patch: T,
  options: ReadOptions = {},
): Partial<NoteContent> {
  const out: Partial<Record<ContentField, unknown>> = {};
  for (const field of NOTE_CONTENT_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    out[field] = isListField(field) ? readContentValue(field, value, options) : value;
  }
  return out as Partial<NoteContent>;
}
