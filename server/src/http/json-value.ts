// The one check of user JSON before it is stored, shared by every surface (the JSON body parser runs it
// on every body; auth's user_metadata and REST's columns run it on their values with their own bounds).
// PostgreSQL stores neither NUL (\u0000) nor a lone UTF-16 surrogate in text or jsonb, and a deeply
// nested value overflows the stack of anything that walks it recursively (JSON.stringify included),
// so all three are refused as 400s here. The walk is iterative: no input can overflow it.

/** The bounds of one value. `maxBytes` is its size as JSON text, in UTF-8 bytes. */
export interface JsonValueBounds {
  maxDepth: number;
  maxBytes?: number;
}

/** Every request body: deeper than any shape the app stores, far shallower than a stack overflow. */
export const BODY_BOUNDS: JsonValueBounds = { maxDepth: 64 };

export interface JsonValueProblem {
  /** Where, as `a.b[2]`; '' for the value itself. */
  path: string;
  issue: string;
}

/** Thrown for a body or value that breaks the rules; status 400 for every surface's error mapper. */
export class JsonValueError extends Error {
  readonly statusCode = 400;

  constructor(readonly problem: JsonValueProblem) {
    super(`${problem.path || 'body'}: ${problem.issue}`);
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored, or null. */
export function stringProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

interface Pending {
  value: unknown;
  depth: number;
  path: string;
}

/** The first problem of a parsed JSON value, or null. Also gives its size as JSON text when it is fine. */
export function checkJsonValue(value: unknown, bounds: JsonValueBounds): JsonValueProblem | null {
  return measure(value, bounds).problem;
}

/** The size of a value as JSON text in UTF-8 bytes (as Buffer.byteLength(JSON.stringify(value))), walked without recursion. */
export function jsonByteLength(value: unknown): number {
  return measure(value, { maxDepth: Number.POSITIVE_INFINITY }).bytes;
}

function measure(root: unknown, bounds: JsonValueBounds): { problem: JsonValueProblem | null; bytes: number } {
  let bytes = 0;
  const maxBytes = bounds.maxBytes ?? Number.POSITIVE_INFINITY;
  const stack: Pending[] = [{ value: root, depth: 0, path: '' }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth, path } = item;
    if (typeof value === 'string') {
      const issue = stringProblem(value);
      if (issue) return { problem: { path, issue }, bytes };
      bytes += Buffer.byteLength(JSON.stringify(value));
    } else if (value === null || typeof value === 'boolean') {
      bytes += String(value).length;
    } else if (typeof value === 'number') {
      bytes += JSON.stringify(value).length;
    } else if (typeof value === 'object') {
      if (depth >= bounds.maxDepth)
        return { problem: { path, issue: `is nested deeper than ${bounds.maxDepth} levels` }, bytes };
      if (Array.isArray(value)) {
        bytes += 2 + Math.max(0, value.length - 1);
        for (let i = value.length - 1; i >= 0; i--)
          stack.push({ value: value[i], depth: depth + 1, path: `${path}[${i}]` });
      } else {
        const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
        bytes += 2 + Math.max(0, entries.length - 1);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, child] = entries[i]!;
          const keyPath = path ? `${path}.${key}` : key;
          const issue = stringProblem(key);
          if (issue) return { problem: { path: keyPath, issue: `key ${issue}` }, bytes };
          bytes += Buffer.byteLength(JSON.stringify(key)) + 1;
          stack.push({ value: child, depth: depth + 1, path: keyPath });
        }
      }
    } else {
      return { problem: { path, issue: 'is not a JSON value' }, bytes };
    }
    if (bytes > maxBytes) return { problem: { path: '', issue: `must be at most ${maxBytes} bytes` }, bytes };
  }
  return { problem: null, bytes };
}
