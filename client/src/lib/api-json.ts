// The app's own JSON endpoints, read the one way they answer (docs/api.md, "Errors"): a 2xx with a body
// the caller's schema checks (the browser trusts nothing it did not check), or a refusal `{ error,
// message }` that becomes an ApiRequestError the screens tell apart by its code. A request that never
// reached the server is code 'offline'; an aborted one stays an AbortError, for the caller that aborted it.
import type { z } from 'zod';

/** A refusal of an /api endpoint: the server's `{ error, message }`, or the network's failure. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    /** The server's error code; 'offline' when it could not be reached, 'invalid_response' for an unreadable answer. */
    readonly code: string,
    message: string,
    /** The answer's HTTP status; null when there was no answer. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Waits for the request; resolves with a 2xx answer, else throws ApiRequestError (or the AbortError). */
export async function apiResponse(request: Promise<Response>): Promise<Response> {
  let answer: Response;
  try {
    answer = await request;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError('offline', 'The Sprout server could not be reached.', null);
  }
  if (answer.ok) return answer;
  const body: unknown = await answer.json().catch(() => null);
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  throw new ApiRequestError(
    typeof error === 'string' ? error : 'failed',
    typeof message === 'string' ? message : `The server answered ${answer.status}.`,
    answer.status,
  );
}

/** The 2xx answer's body as `schema` reads it; throws ApiRequestError otherwise (or the AbortError). */
export async function apiJson<T>(request: Promise<Response>, schema: z.ZodType<T>): Promise<T> {
  const answer = await apiResponse(request);
  const parsed = schema.safeParse(await answer.json().catch(() => null));
  if (!parsed.success)
    throw new ApiRequestError('invalid_response', 'The server sent an answer Sprout cannot read.', answer.status);
  return parsed.data;
}
