// The one way an error reaches the log. Database errors (PGlite's and node-postgres's) carry the failed
// statement's `query` and `params`, i.e. e-mails, password hashes, notes; their `detail` and `where`
// quote row values too. Only what says what went wrong, never the data, is kept: type, SQLSTATE code,
// severity, the schema object names, a message (dropped for the data-exception classes, which quote the
// input), and the stack. Used as the logger's `err` serializer (app.ts) and by every error mapper.

/** A log-safe view of an error. */
export interface SerializedError {
  type: string;
  message?: string;
  code?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  statusCode?: number;
  stack?: string;
  cause?: SerializedError;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Data exceptions (22) and integrity violations (23) quote the offending value in their message. */
const QUOTES_INPUT = /^2[23]/;
const MAX_MESSAGE = 300;
const MAX_CAUSES = 3;

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: clip(String(error)) };
  const e = error as Record<string, unknown>;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const fromDatabase = code !== undefined && SQLSTATE.test(code);
  const out: SerializedError = {
    type: error instanceof Error ? error.constructor.name : typeof e.type === 'string' ? e.type : 'Object',
  };
  if (typeof e.message === 'string' && !(fromDatabase && QUOTES_INPUT.test(code))) out.message = clip(e.message);
  if (code !== undefined) out.code = code;
  for (const key of ['severity', 'table', 'column', 'constraint', 'routine'] as const) {
    if (fromDatabase && typeof e[key] === 'string') out[key] = clip(e[key]);
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  // A database error's stack begins with its message; the frames alone are what debugging needs.
  if (typeof e.stack === 'string') out.stack = fromDatabase ? framesOf(e.stack) : e.stack;
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

function framesOf(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}
