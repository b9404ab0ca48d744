// Mapping our server's JSON refusals and the stream's error events to typed errors.
import { describe, expect, it } from 'vitest';
import { AiKeyRequiredError, errorFromEvent, errorFromResponse, interruptedError, isStreamFailure } from './ai-errors';

describe('errorFromResponse', () => {
  it('api_key_required is AiKeyRequiredError', () => {
    expect(errorFromResponse(400, { error: 'api_key_required', message: 'API key required' })).toBeInstanceOf(
      AiKeyRequiredError,
    );
  });

  it('other refusals keep the status and the server message', () => {
    expect(errorFromResponse(400, { error: 'invalid_request', message: 'messages: too long' })).toMatchObject({
      status: 400,
      code: 'http',
      message: 'messages: too long',
    });
    expect(errorFromResponse(503, 'oops')).toMatchObject({ status: 503, message: 'API Error (503)' });
  });

  it('429 uses the catalogue message; Retry-After as seconds or an HTTP date', () => {
    expect(errorFromResponse(429, {}, '12')).toMatchObject({
      message: 'Rate limit exceeded. Please try again later.',
      retryAfter: 12,
    });
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const retryAfter = errorFromResponse(429, {}, inAMinute).retryAfter ?? 0;
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(61);
  });
});

describe('errorFromEvent', () => {
  it('takes status, message, partial, incomplete and retryAfter from the event', () => {
    const error = errorFromEvent(
      { status: 429, message: 'Rate limit exceeded. Please try again later.', retryAfter: 7 },
      '',
    );
    expect(error).toMatchObject({ status: 429, code: 'stream', retryAfter: 7 });
    expect(error.partial).toBeUndefined();
    expect(isStreamFailure(error)).toBe(true);
  });

  it('falls back on the text streamed so far when the event has no partial', () => {
    expect(errorFromEvent({ status: 502, message: 'x' }, 'so far')).toMatchObject({
      partial: 'so far',
      incomplete: true,
    });
  });

  it('drops what streamed before a no_plan error: a whole answer that was not a plan, not a partial reply', () => {
    const error = errorFromEvent(
      { status: 422, code: 'no_plan', message: 'The assistant did not return a plan. Try again.' },
      'What is your budget?',
    );
    expect(error).toMatchObject({ status: 422, reason: 'no_plan' });
    expect(error.partial).toBeUndefined();
    expect(error.incomplete).toBeUndefined();
  });

  it('a malformed event is an invalid response', () => {
    expect(errorFromEvent('nope', '')).toMatchObject({ code: 'invalid', message: 'Invalid response from AI service.' });
  });
});

it('interruptedError keeps the partial text only when there is some', () => {
  expect(interruptedError('')).toMatchObject({ code: 'interrupted' });
  expect(interruptedError('').partial).toBeUndefined();
  expect(interruptedError('abc')).toMatchObject({ partial: 'abc', incomplete: true });
});
