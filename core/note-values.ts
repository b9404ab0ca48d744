// The small language note-fields.ts declares values in: what a field or a list item may hold, as plain data
// that the schemas (note.ts, with zod), the quick checks (note-check.ts) and the lenient readers each read
// in their own way. No zod here: code that must stay small (the search worker, the sync's hot path) uses it.

export interface UuidValue {
  readonly type: 'uuid';
}
/** A string of `min` to `max` UTF-16 code units (string.length, as zod counts), matching `pattern` if given. */
export interface TextValue {
  readonly type: 'text';
  readonly min: number;
  readonly max: number;
  /** A regular expression's source, read with the `u` flag, that the whole string must match. */
  readonly pattern?: string;
  /** What `pattern` asks for, in words, for the error that refuses a string. */
  readonly rule?: string;
}
export interface BooleanValue {
  readonly type: 'boolean';
}
/** An ISO-8601 instant with a zone, as PostgreSQL's timestamptz takes it and returns it. */
export interface TimestampValue {
  readonly type: 'timestamp';
}
/** A non-negative safe integer. */
export interface CountValue {
  readonly type: 'count';
}
export interface OneOfValue<V extends string = string> {
  readonly type: 'one-of';
  readonly values: readonly V[];
}
/** At most `max` items, each an `of`. */
export interface ListValue<E extends ValueSpec = ValueSpec> {
  readonly type: 'list';
  readonly of: E;
  readonly max: number;
}
/** An object with exactly these members, in this order; an `optional` member may be absent. */
export interface RecordValue<F extends Readonly<Record<string, MemberSpec>> = Readonly<Record<string, MemberSpec>>> {
  readonly type: 'record';
  readonly fields: F;
}
/**
 * A record member that may be left out (an item's due date): absent and present are both stored; older
 * clients, which never write it, keep writing valid items.
 */
export interface OptionalValue<E extends ValueSpec = ValueSpec> {
  readonly type: 'optional';
  readonly of: E;
}
export type MemberSpec = ValueSpec | OptionalValue;

export type ValueSpec =
  | UuidValue
  | TextValue
  | BooleanValue
  | TimestampValue
  | CountValue
  | OneOfValue
  | ListValue
  | RecordValue;

type OptionalKeys<F> = { [K in keyof F]: F[K] extends OptionalValue ? K : never }[keyof F];
type RequiredKeys<F> = Exclude<keyof F, OptionalKeys<F>>;
/** A record's members: the optional ones may be missing. */
type RecordOf<F> = { -readonly [K in RequiredKeys<F>]: ValueOf<F[K]> } & {
  -readonly [K in OptionalKeys<F>]?: F[K] extends OptionalValue<infer E> ? ValueOf<E> : never;
};
type Flat<T> = { [K in keyof T]: T[K] };

/** The TypeScript type of the values a spec admits. */
export type ValueOf<S> = S extends UuidValue | TextValue | TimestampValue
  ? string
  : S extends BooleanValue
    ? boolean
    : S extends CountValue
      ? number
      : S extends OneOfValue<infer V>
        ? V
        : S extends ListValue<infer E>
          ? ValueOf<E>[]
          : S extends RecordValue<infer F>
            ? Flat<RecordOf<F>>
            : never;

export const uuid = (): UuidValue => ({ type: 'uuid' });
export const text = (bounds: { min?: number; max: number; pattern?: string; rule?: string }): TextValue => ({
  type: 'text',
  min: bounds.min ?? 0,
  max: bounds.max,
  ...(bounds.pattern === undefined ? {} : { pattern: bounds.pattern, rule: bounds.rule ?? 'a string of its form' }),
});
export const boolean = (): BooleanValue => ({ type: 'boolean' });
export const timestamp = (): TimestampValue => ({ type: 'timestamp' });
export const count = (): CountValue => ({ type: 'count' });
export const oneOf = <V extends string>(values: readonly V[]): OneOfValue<V> => ({ type: 'one-of', values });
export const list = <E extends ValueSpec>(of: E, max: number): ListValue<E> => ({ type: 'list', of, max });
export const record = <F extends Readonly<Record<string, MemberSpec>>>(fields: F): RecordValue<F> => ({
  type: 'record',
  fields,
});
export const optional = <E extends ValueSpec>(of: E): OptionalValue<E> => ({ type: 'optional', of });

/**
 * A function that writes a value in a form that compares equal whatever the key order of its objects:
 * jsonb reorders object keys, so a record becomes the list of its members' values in the spec's order.
 * Built once per spec, as content is compared note by note (an import compares every note it meets).
 */
export function canonicalizer(spec: ValueSpec): (value: unknown) => unknown {
  if (spec.type === 'list') {
    const item = canonicalizer(spec.of);
    return (value) => (Array.isArray(value) ? value.map(item) : (value ?? null));
  }
  if (spec.type === 'record') {
    // An absent optional member compares equal to a null one: neither says anything.
    const members = Object.entries(spec.fields).map(
      ([name, member]) => [name, canonicalizer(member.type === 'optional' ? member.of : member)] as const,
    );
    return (value) => {
      if (typeof value !== 'object' || value === null) return value ?? null;
      const record = value as Record<string, unknown>;
      return members.map(([name, canonical]) => canonical(record[name]));
    };
  }
  return (value) => value ?? null;
}
