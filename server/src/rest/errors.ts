// The REST surface's own errors, in the PostgREST shape (the kernel's RestError, http/errors/postgrest-errors.ts).
import { HISTORY_MARKS_MAX } from '#core/history';
import { RestError } from '../http/errors/postgrest-errors';

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
  notEmbedded: (name: string) =>
    new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`),
  invalidBody: (message: string, status = 400) => new RestError(status, 'PGRST102', message),
  invalidValue: (code: string, message: string, details: string | null = null, hint: string | null = null) =>
    new RestError(400, code, message, details, hint),
  noConflictTarget: () =>
    new RestError(
      400,
      '42P10',
      'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      null,
      'Use on_conflict=id.',
    ),
  missingWhere: (verb: 'UPDATE' | 'DELETE') =>
    new RestError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter such as id=eq.<uuid>.'),
  singular: (rows: number) =>
    new RestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows} rows`,
    ),
  mediaType: (status: 406 | 415, types: string) =>
    new RestError(
      status,
      'PGRST107',
      status === 406 ? `None of these media types are available: ${types}` : `Content-Type not acceptable: ${types}`,
    ),
  schema: () => new RestError(406, 'PGRST106', 'The schema must be one of the following: public'),
  range: (offset: number, total: number) =>
    new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
  invalidPreferences: (invalid: string[]) =>
    new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    ),
  invalidEcho: (value: string) =>
    new RestError(
      400,
      'PGRST100',
      `failed to parse Sprout-Echo header (${value})`,
      null,
      "Send 'Sprout-Echo: none', or 'all' (the default).",
    ),
  invalidHistory: (value: string) =>
    new RestError(
      400,
      'PGRST100',
      `failed to parse Sprout-History header (${value.slice(0, 200)})`,
      null,
      `Send 'Sprout-History: ai=<note id>, conflict=<note id>', at most ${HISTORY_MARKS_MAX} ids.`,
    ),
  invalidHorizon: (value: string) =>
    new RestError(
      400,
      'PGRST100',
      `failed to parse Sprout-Horizon header (${value})`,
      null,
      "Send 'Sprout-Horizon: purged', or no header.",
    ),
  maxAffected: (rows: number) =>
    new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${rows} rows`,
    ),
  rowLevelSecurity: () =>
    new RestError(
      403,
      '42501',
      `new row violates row-level security policy for table "${TABLE}"`,
      null,
      'user_id must be your own user id.',
    ),
  quotaExceeded: (quota: number) =>
    new RestError(
      429,
      'over_request_rate_limit',
      `Note quota reached: at most ${quota} notes per user`,
      null,
      'Delete notes you no longer need, or ask the operator to raise NOTES_QUOTA.',
      {
        'Retry-After': '3600',
      },
    ),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  tableNotFound: (name: string) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
      null,
      `Perhaps you meant the table 'public.${TABLE}'`,
    ),
  functionNotFound: (name: string) =>
    new RestError(404, 'PGRST202', `Could not find the function public.${name} without parameters in the schema cache`),
};
