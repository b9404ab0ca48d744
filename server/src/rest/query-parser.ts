// Parses a PostgREST query string (select, filters, order, limit/offset, columns, on_conflict) into a
// typed, validated AST. Pure: no I/O; every error is a PostgREST-shaped RestError.
import {
  assertReadable,
  checkFilterValue,
  COLUMN_TYPES,
  isReadableColumn,
  isWritableColumn,
  type NoteColumn,
  type WritableColumn,
} from './columns';
import { restErrors } from './errors';

export type SelectItem = { kind: 'all' } | { kind: 'column'; column: NoteColumn; alias: string };
export type ComparisonOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'isdistinct';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Filter =
  | { column: NoteColumn; negated: boolean; operator: ComparisonOperator; value: string }
  | { column: NoteColumn; negated: boolean; operator: 'in'; values: string[] }
  | { column: NoteColumn; negated: boolean; operator: 'is'; value: IsValue };

export interface OrderTerm {
  column: NoteColumn;
  direction: 'asc' | 'desc';
  nulls: 'first' | 'last' | null;
}

export interface ParsedQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  /** `columns=` of an insert or upsert: which body keys to use. */
  columns: WritableColumn[] | null;
  /** `on_conflict=` of an upsert; only the primary key qualifies. */
  onConflict: 'id' | null;
}

const COMPARISONS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'isdistinct']);
// PostgREST operators this server knows of but does not offer: answered "not implemented", not "unparsable".
const UNSUPPORTED = new Set([
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'match',
  'imatch',
]);
const IS_VALUES = new Set<string>(['null', 'not_null', 'true', 'false', 'unknown']);
const LOGIC = new Set(['or', 'and', 'not.or', 'not.and']);
const OPERATOR_LIST = 'eq, neq, gt, gte, lt, lte, like, ilike, is, isdistinct, in';

export function parseQuery(search: string | URLSearchParams): ParsedQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search.replace(/^\?/, '')) : search;
  const query: ParsedQuery = {
    select: [{ kind: 'all' }],
    filters: [],
    order: [],
    limit: null,
    offset: null,
    columns: null,
    onConflict: null,
  };
  for (const [key, value] of params) {
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'order') query.order = parseOrder(value);
    else if (key === 'limit') query.limit = parseCount('limit', value);
    else if (key === 'offset') query.offset = parseCount('offset', value);
    else if (key === 'columns') query.columns = parseColumns(value);
    else if (key === 'on_conflict') query.onConflict = parseOnConflict(value);
    else query.filters.push(parseFilter(key, value));
  }
  return query;
}

/** Splits on commas outside double quotes and parentheses. */
export function splitTopLevel(text: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '\\') i += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0) throw restErrors.parse(what, text, `unexpected ")" at position ${i + 1}`);
    } else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) throw restErrors.parse(what, text, 'unterminated double quote');
  if (depth !== 0) throw restErrors.parse(what, text, 'unbalanced parentheses');
  parts.push(text.slice(start));
  return parts;
}

/** `"a \"b\""` → `a "b"`; anything unquoted is trimmed. */
function unquote(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

function parseSelect(text: string): SelectItem[] {
  const items: SelectItem[] = [];
  for (const raw of splitTopLevel(text, 'select parameter')) {
    const item = raw.trim();
    if (item === '') {
      // `select=` alone asks for no columns; a stray comma is a syntax error.
      if (text.trim() === '') return [];
      throw restErrors.parse('select parameter', text, 'empty column name');
    }
    if (item === '*') {
      items.push({ kind: 'all' });
      continue;
    }
    if (item.startsWith('...')) throw restErrors.noRelationship(relationName(item.slice(3)));
    const paren = item.indexOf('(');
    if (paren >= 0 && !item.startsWith('"')) {
      if (/\.(count|sum|avg|min|max)\(\)$/.test(item) || /^(\w+:)?count\(\)$/.test(item)) {
        throw restErrors.invalidValue('PGRST123', 'Use of aggregate functions is not allowed');
      }
      throw restErrors.noRelationship(relationName(item.slice(0, paren)));
    }
    const aliased = /^("(?:[^"\\]|\\.)*"|[^":]+):(?!:)(.+)$/.exec(item);
    const alias = aliased?.[1] ? unquote(aliased[1]) : undefined;
    const target = aliased?.[2] ?? item;
    if (target.includes('->')) throw restErrors.notImplemented('JSON paths in select are not supported by this server');
    if (target.includes('::')) throw restErrors.notImplemented('Casts in select are not supported by this server');
    const column = unquote(target);
    if (column === '' || alias === '') throw restErrors.parse('select parameter', text, `empty name in "${item}"`);
    items.push({ kind: 'column', column: assertReadable(column), alias: alias ?? column });
  }
  return items;
}

function relationName(head: string): string {
  const withoutAlias = head.includes(':') ? head.slice(head.indexOf(':') + 1) : head;
  return unquote(withoutAlias.split('!')[0] ?? withoutAlias);
}

function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text, 'order').map((raw) => {
    const term = raw.trim();
    let name: string;
    let rest: string;
    if (term.startsWith('"')) {
      const end = term.indexOf('"', 1);
      if (end < 0) throw restErrors.parse('order', term, 'unterminated double quote');
      name = term.slice(1, end);
      rest = term.slice(end + 1);
    } else {
      const dot = term.indexOf('.');
      name = dot < 0 ? term : term.slice(0, dot);
      rest = dot < 0 ? '' : term.slice(dot);
    }
    if (name.includes('->')) throw restErrors.notImplemented('JSON paths in order are not supported by this server');
    if (name === '') throw restErrors.parse('order', term, 'empty column name');
    const modifiers = rest === '' ? [] : rest.slice(1).split('.');
    if (rest !== '' && !rest.startsWith('.')) throw restErrors.parse('order', term, `unexpected "${rest}"`);
    const result: OrderTerm = { column: assertReadable(name), direction: 'asc', nulls: null };
    const expected = 'expecting "asc", "desc", "nullsfirst" or "nullslast"';
    modifiers.forEach((modifier, index) => {
      if (index === 0 && (modifier === 'asc' || modifier === 'desc')) result.direction = modifier;
      else if (
        index === modifiers.length - 1 &&
        (modifier === 'nullsfirst' || modifier === 'nullslast') &&
        modifiers.length <= 2
      ) {
        result.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      } else throw restErrors.parse('order', term, `unexpected "${modifier}" ${expected}`);
    });
    return result;
  });
}

function parseCount(what: 'limit' | 'offset', text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) {
    throw restErrors.parse(`${what} parameter`, text, `${what} must be a non-negative integer`);
  }
  return value;
}

function parseColumns(text: string): WritableColumn[] {
  return splitTopLevel(text, 'columns parameter').map((raw) => {
    const name = unquote(raw);
    if (name === '') throw restErrors.parse('columns parameter', text, 'empty column name');
    if (!isWritableColumn(name)) throw restErrors.unknownBodyColumn(name);
    return name;
  });
}

function parseOnConflict(text: string): 'id' {
  const names = splitTopLevel(text, 'on_conflict parameter').map(unquote);
  for (const name of names) {
    if (!isReadableColumn(name) && !isWritableColumn(name)) throw restErrors.unknownColumn(name);
  }
  if (names.length !== 1 || names[0] !== 'id') throw restErrors.noConflictTarget();
  return 'id';
}

function parseFilter(key: string, text: string): Filter {
  if (LOGIC.has(key))
    throw restErrors.notImplemented(
      'Logical operators (or, and) are not supported by this server',
      'Send one filter per column; filters combine with AND.',
    );
  if (key.includes('->')) throw restErrors.notImplemented('JSON paths in filters are not supported by this server');
  const dotted = key.indexOf('.');
  if (dotted > 0) throw restErrors.notEmbedded(key.slice(0, dotted));
  if (key.trim() === '') throw restErrors.parse('filter', `${key}=${text}`, 'empty column name');

  let rest = text;
  const negated = rest.startsWith('not.');
  if (negated) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  const operatorText = dot < 0 ? rest : rest.slice(0, dot);
  const modified = /^(\w+)\((.*)\)$/.exec(operatorText);
  const operator = modified?.[1] ?? operatorText;
  if (UNSUPPORTED.has(operator) || (modified && (COMPARISONS.has(operator) || operator === 'is'))) {
    throw restErrors.notImplemented(
      `The filter operator "${operatorText}" is not supported by this server`,
      `Supported: ${OPERATOR_LIST}, and not.`,
    );
  }
  if (!COMPARISONS.has(operator) && operator !== 'is' && operator !== 'in') {
    throw restErrors.parse(
      'filter',
      text,
      `unexpected "${operatorText}" expecting "not" or an operator (${OPERATOR_LIST})`,
    );
  }
  if (dot < 0) throw restErrors.parse('filter', text, `expecting "." and a value after "${operatorText}"`);
  const operand = rest.slice(dot + 1);
  const column = assertReadable(key);
  const type = COLUMN_TYPES[column];

  if (operator === 'is') {
    const value = operand.toLowerCase();
    if (!IS_VALUES.has(value))
      throw restErrors.parse('filter', text, 'expecting "null", "not_null", "true", "false" or "unknown" after "is."');
    if (value !== 'null' && value !== 'not_null' && type !== 'boolean') {
      throw restErrors.invalidValue(
        '42804',
        `argument of IS ${value.toUpperCase()} must be type boolean, not type ${type}`,
      );
    }
    return { column, negated, operator, value: value as IsValue };
  }
  if (operator === 'in') {
    const values = parseList(operand, text);
    values.forEach((value) => checkFilterValue(column, value));
    return { column, negated, operator, values };
  }
  if ((operator === 'like' || operator === 'ilike') && type !== 'text') {
    throw restErrors.invalidValue(
      '42883',
      `operator does not exist: ${type} ${operator === 'like' ? '~~' : '~~*'} unknown`,
      null,
      'like and ilike apply to text columns only.',
    );
  }
  if (operator !== 'like' && operator !== 'ilike') checkFilterValue(column, operand);
  return { column, negated, operator: operator as ComparisonOperator, value: operand };
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']; quoted items may escape `"` and `\` with a backslash. */
function parseList(operand: string, text: string): string[] {
  if (!operand.startsWith('(') || !operand.endsWith(')')) {
    throw restErrors.parse('filter', text, 'expecting a list in parentheses after "in.", e.g. in.(1,2,3)');
  }
  const inner = operand.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner, 'filter').map((item) =>
    item.startsWith('"') && item.endsWith('"') && item.length >= 2 ? item.slice(1, -1).replace(/\\(.)/g, '$1') : item,
  );
}
