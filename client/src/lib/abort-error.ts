// Whether an error is an abort (an AbortSignal ended the wait), which the code that aborted expects.

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}
