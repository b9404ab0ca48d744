// What tells an error the database answered with (a SQLSTATE) from any other failure: a broken
// connection, a bug of ours.

/** The fields of a PostgreSQL error that PGlite and node-postgres both expose. */
export interface DatabaseErrorLike {
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
