// PostgREST-shaped errors (`{ code, message, details, hint }`) and the mapping of database errors
// (by SQLSTATE) to the HTTP statuses PostgREST would answer, so supabase-js surfaces them unchanged.

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    /** Extra response headers, e.g. WWW-Authenticate on 401. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const TABLE = 'notes';

export const restErrors = {
  parse: (what: string, text: string, details: string) =>
    new RestError(400, 'PGRST100', `failed to parse ${what} (${text})`, details),
  notImplemented: (message: string, hint: string | null = null) => new RestError(400, 'PGRST127', message, null, hint),
  unknownColumn: (column: string) => new RestError(400, '42703', `column ${TABLE}.${column} does not exist`),
  unknownBodyColumn: (column: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${TABLE}' in the schema cache`),
  noRelationship: (name: string) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${TABLE}' and '${name}' in the schema cache`,
      null,
      'Only the notes table exists: embedding resources is not possible.',
    ),
  notEmbedded: (name: string) => new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`),
  invalidBody: (message: string, status = 400) => new RestError(status, 'PGRST102', message),
  invalidValue: (code: string, message: string, details: string | null = null, hint: string | null = null) =>
    new RestError(400, code, message, details, hint),
  noConflictTarget: () =>
    new RestError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification', null, 'Use on_conflict=id.'),
  missingWhere: (verb: 'UPDATE' | 'DELETE') =>
    new RestError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter such as id=eq.<uuid>.'),
  singular: (rows: number) =>
    new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`),
  mediaType: (status: 406 | 415, types: string) =>
    new RestError(status, 'PGRST107', status === 406 ? `None of these media types are available: ${types}` : `Content-Type not acceptable: ${types}`),
  schema: () => new RestError(406, 'PGRST106', 'The schema must be one of the following: public'),
  range: (offset: number, total: number) =>
    new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`),
  invalidPreferences: (invalid: string[]) =>
    new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`),
  maxAffected: (rows: number) =>
    new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  rowLevelSecurity: () =>
    new RestError(403, '42501', `new row violates row-level security policy for table "${TABLE}"`, null, 'user_id must be your own user id.'),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  tableNotFound: (name: string) =>
    new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, `Perhaps you meant the table 'public.${TABLE}'`),
  functionNotFound: (name: string) =>
    new RestError(404, 'PGRST202', `Could not find the function public.${name} without parameters in the schema cache`),
  internal: () => new RestError(500, 'XX000', 'Something went wrong on our side. Please try again.'),
};

/** The fields of a PostgreSQL error that PGlite and node-postgres both expose. */
interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

/**
 * Maps a database error to the answer PostgREST would give, or undefined for an unexpected one (a 500).
 * `presentConflict` turns the PT409 detail (the current row) into its wire shape.
 */
export function fromDatabaseError(error: unknown, presentConflict: (detail: string | undefined) => string | null): RestError | undefined {
  if (!isDatabaseError(error)) return undefined;
  const { code, message } = error;
  const hint = error.hint ?? null;
  if (code === 'PT409') return new RestError(409, code, message, presentConflict(error.detail), hint);
  // A unique violation on insert: only the id the caller sent exists; never say whose row it is.
  if (code === '23505') return new RestError(409, code, message, null, 'A note with this id already exists.');
  if (code === '23503') return new RestError(409, code, message);
  if (code === '42501') return new RestError(403, code, message, null, hint);
  if (code === '21000') return new RestError(400, code, message, null, hint);
  // Data exceptions and integrity violations are the caller's input: 22* (bad values), 23502, 23514.
  if (code.startsWith('22')) return new RestError(400, code, message, error.detail ?? null, hint);
  // PostgreSQL's detail here is the whole failing row: large, and nothing the caller needs back.
  if (code === '23502' || code === '23514') return new RestError(400, code, message, null, hint);
  if (code === '42703' || code === '42883' || code === '42804' || code === '42P10') return new RestError(400, code, message);
  // RAISE with SQLSTATE 'PTxyz' answers HTTP xyz, as in PostgREST.
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom?.[1]) return new RestError(Number(custom[1]), code, message, error.detail ?? null, hint);
  return undefined;
}

/** Why a request carried no usable user: answered 401 as PostgREST does, with a WWW-Authenticate header. */
export function authProblem(problem: 'missing' | 'anon' | 'invalid' | 'session_not_found', reason: string): RestError {
  const challenge = (description: string) => ({ 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"` });
  switch (problem) {
    case 'missing':
      return new RestError(401, 'PGRST302', 'Anonymous access is disabled', null, 'Sign in and send the access token as a Bearer token.', {
        'WWW-Authenticate': 'Bearer',
      });
    case 'anon':
      return new RestError(401, '42501', `permission denied for table ${TABLE}`, null, 'Sign in: the anon key alone grants no access to notes.', {
        'WWW-Authenticate': 'Bearer',
      });
    case 'session_not_found':
      return new RestError(401, 'PGRST303', 'JWT session has ended', 'Session from session_id claim in JWT does not exist', 'Sign in again.', challenge('session ended'));
    default:
      if (reason === 'token is expired') return new RestError(401, 'PGRST303', 'JWT expired', null, null, challenge('JWT expired'));
      return new RestError(401, 'PGRST301', 'JWT could not be verified', reason, null, challenge('JWT could not be verified'));
  }
}
