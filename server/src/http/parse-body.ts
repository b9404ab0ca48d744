// The one body parser of the JSON surfaces: validates a parsed JSON body against a zod schema. A failure
// is a typed BodyValidationError, which each surface's error mapper words in its own protocol.
import type { z } from 'zod';

export class BodyValidationError extends Error {
  readonly statusCode = 400;

  constructor(
    /** Where the first problem is, dot-separated; '' for the body itself. */
    readonly path: string,
    /** What is wrong there, as zod (or the schema's own message) says it. */
    readonly issue: string | undefined,
  ) {
    super(`${path || 'body'}: ${issue ?? 'invalid'}`);
  }
}

/** The body, validated; no body counts as `{}`. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BodyValidationError(issue?.path.join('.') ?? '', issue?.message);
  }
  return result.data;
}
