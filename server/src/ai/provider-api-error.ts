// A provider's failure on a plain JSON endpoint (embeddings, tag suggestions), worded as the chat's failures
// are: the same codes and messages, with the provider's own status where it means something to a client
// (429, a 5xx), else 502.
import { ApiError } from '../http/errors/json-errors';
import { describeFailure, type WordingContext } from './error-messages';
import type { ProviderError } from './provider';

export function providerApiError(error: ProviderError, context: WordingContext): ApiError {
  const failure = describeFailure(error, context);
  return new ApiError(
    failure.status >= 500 || failure.status === 429 ? failure.status : 502,
    failure.code,
    failure.message,
    failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : {},
  );
}
