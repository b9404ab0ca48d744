// Quick checks that a value certainly passes one of note.ts's schemas unchanged, for the sync's hot path.
// In the page zod cannot compile its parsers (the CSP has no 'unsafe-eval'), so it takes its interpreted
// path: some 15 µs a note, 15 ms of a 1,000-note push before its request and as much again for the rows
// the server answers with. These checks accept only what the schema accepts and would return equal (no
// unknown keys to strip, every field of the schema present), so nothing is validated less; anything else,
// valid or not, goes to the schema, which decides and gives the message (the client loads the schemas,
// and zod, only then: client/src/data/notes/note-schemas.ts). Conservative on purpose: a timestamp must
// be in Date#toISOString's form (the form this app and its server write), an id a UUID as zod reads one;
// a value outside that is not refused here, only left to the schema.
import { CHAT_ROLES, NOTE_LIMITS } from './note-constants';
import type { NoteRow, NoteWritable } from './note';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;
const ROLES: ReadonlySet<unknown> = new Set(CHAT_ROLES);

type Checks = Record<string, (value: unknown) => boolean>;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Every own key of `value` is one of `checks`, each passes its check, and none is missing. */
function exactly(value: unknown, checks: Checks, size: number): boolean {
  if (!isPlainRecord(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== size) return false;
  for (const key of keys) {
    // Own keys only: a value's 'constructor' or '__proto__' is no field of the note.
    const check = Object.hasOwn(checks, key) ? checks[key] : undefined;
    if (!check || !check(value[key])) return false;
  }
  return true;
}

const uuid = (value: unknown) => typeof value === 'string' && UUID.test(value);
const text = (max: number) => (value: unknown) => typeof value === 'string' && value.length <= max;
const textOrNull = (max: number) => (value: unknown) => value === null || (typeof value === 'string' && value.length <= max);
const boolean = (value: unknown) => typeof value === 'boolean';
const count = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A timestamp as Date#toISOString writes it (years 0000-9999), which zod's ISO datetime accepts. */
function timestamp(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 24 || value.charCodeAt(23) !== 90 /* Z */) return false;
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value;
}
const timestampOrNull = (value: unknown) => value === null || timestamp(value);

function listOf(max: number, item: (value: unknown) => boolean): (value: unknown) => boolean {
  return (value) => {
    if (value === null) return true;
    if (!Array.isArray(value) || value.length > max) return false;
    for (let i = 0; i < value.length; i++) {
      // A hole is undefined to the schema, and refused by it.
      if (!(i in value) || !item(value[i])) return false;
    }
    return true;
  };
}

const CHECKLIST_ITEM: Checks = {
  id: (value) => typeof value === 'string' && value.length >= 1 && value.length <= 200,
  text: text(NOTE_LIMITS.checklistItemText),
  completed: boolean,
};
const CHAT_MESSAGE: Checks = {
  role: (value) => ROLES.has(value),
  content: text(NOTE_LIMITS.chatMessageContent),
};
const checklistItems = listOf(NOTE_LIMITS.checklistItems, (item) => exactly(item, CHECKLIST_ITEM, 3));
const chatHistory = listOf(NOTE_LIMITS.chatMessages, (message) => exactly(message, CHAT_MESSAGE, 2));

const CONTENT: Checks = {
  id: uuid,
  user_id: uuid,
  title: text(NOTE_LIMITS.title),
  content: text(NOTE_LIMITS.text),
  expanded_content: textOrNull(NOTE_LIMITS.text),
  is_checklist: boolean,
  checklist_items: checklistItems,
  chat_history: chatHistory,
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestampOrNull,
  revision: count,
};

const WRITABLE: Checks = {
  ...CONTENT,
  last_mutation_id: (value) => value === null || (typeof value === 'string' && value.length >= 1 && value.length <= 100),
  base_revision: (value) => value === null || count(value),
};
const ROW: Checks = {
  ...CONTENT,
  last_mutation_id: textOrNull(100),
};
const WRITABLE_SIZE = Object.keys(WRITABLE).length;
const ROW_SIZE = Object.keys(ROW).length;

/** True when noteWritableSchema certainly accepts `value` and returns it as it is; false: ask the schema. */
export function certainlyWritable(value: unknown): value is NoteWritable {
  return exactly(value, WRITABLE, WRITABLE_SIZE);
}

/** True when noteRowSchema certainly accepts `value` and returns it as it is; false: ask the schema. */
export function certainlyNoteRow(value: unknown): value is NoteRow {
  return exactly(value, ROW, ROW_SIZE);
}
