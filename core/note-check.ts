// Quick checks that a value certainly passes one of note.ts's schemas unchanged, built from the same
// declaration (note-fields.ts), for the sync's hot path: in the page zod cannot compile its parsers (the
// CSP has no 'unsafe-eval'), and its interpreted path costs a push of many notes a visible pause
// (docs/architecture.md). These checks accept only what the schema accepts and would return equal (no
// unknown keys to strip, every field of the schema present), so nothing is validated less; anything else,
// valid or not, goes to the schema, which decides and gives the message (the client loads the schemas,
// and zod, only then: client/src/data/notes/note-schemas.ts). Conservative on purpose: a timestamp must
// be in Date#toISOString's form (the form this app and its server write), an id a UUID as zod reads one;
// a value outside that is not refused here, only left to the schema.
import {
  NOTE_COLUMNS,
  NOTE_FIELD_NAMES,
  fieldSpec,
  type NoteField,
  type NoteRow,
  type NoteWritable,
} from './note-fields';
import type { MemberSpec, ValueSpec } from './note-values';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

type Check = (value: unknown) => boolean;
type Checks = Record<string, Check>;

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

const uuid: Check = (value) => typeof value === 'string' && UUID.test(value);
const boolean: Check = (value) => typeof value === 'boolean';
const count: Check = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A timestamp as Date#toISOString writes it (years 0000-9999), which zod's ISO datetime accepts. */
function timestamp(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 24 || value.charCodeAt(23) !== 90 /* Z */) return false;
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value;
}

function listOf(max: number, item: Check): Check {
  return (value) => {
    if (!Array.isArray(value) || value.length > max) return false;
    for (let i = 0; i < value.length; i++) {
      // A hole is undefined to the schema, and refused by it.
      if (!(i in value) || !item(value[i])) return false;
    }
    return true;
  };
}

function recordOf(fields: Record<string, MemberSpec>): Check {
  const members = Object.entries(fields);
  const checks: Checks = Object.fromEntries(
    members.map(([name, spec]) => [name, checkOf(spec.type === 'optional' ? spec.of : spec)]),
  );
  const required = members.filter(([, spec]) => spec.type !== 'optional').map(([name]) => name);
  if (required.length === members.length) return (value) => exactly(value, checks, required.length);
  // Optional members may be missing; one present but undefined is left to the schema.
  return (value) => {
    if (!isPlainRecord(value)) return false;
    for (const name of required) if (!Object.hasOwn(value, name)) return false;
    for (const key of Object.keys(value)) {
      const check = Object.hasOwn(checks, key) ? checks[key] : undefined;
      if (!check || !check(value[key])) return false;
    }
    return true;
  };
}

/** The quick check of a value spec: true only for what note.ts's schema of it accepts and returns unchanged. */
export function checkOf(spec: ValueSpec): Check {
  switch (spec.type) {
    case 'uuid':
      return uuid;
    case 'text': {
      const { min, max } = spec;
      const pattern = spec.pattern === undefined ? null : new RegExp(spec.pattern, 'u');
      return (value) =>
        typeof value === 'string' && value.length >= min && value.length <= max && (!pattern || pattern.test(value));
    }
    case 'boolean':
      return boolean;
    case 'timestamp':
      return timestamp;
    case 'count':
      return count;
    case 'one-of': {
      const values: ReadonlySet<unknown> = new Set(spec.values);
      return (value) => values.has(value);
    }
    case 'list':
      return listOf(spec.max, checkOf(spec.of));
    case 'record':
      return recordOf(spec.fields);
  }
}

function fieldCheck(name: NoteField, spec: ValueSpec): Check {
  const check = checkOf(spec);
  return fieldSpec(name).nullable ? (value) => value === null || check(value) : check;
}

const WRITABLE: Checks = Object.fromEntries(
  NOTE_FIELD_NAMES.map((name) => {
    const spec = fieldSpec(name);
    return [name, fieldCheck(name, spec.written ?? spec.value)];
  }),
);
const ROW: Checks = Object.fromEntries(NOTE_COLUMNS.map((name) => [name, fieldCheck(name, fieldSpec(name).value)]));
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
