// The reply stream's events: what the server writes reads back the same in the browser, and the
// browser's reading keeps each field only when it has the right type.
import { describe, expect, it } from 'vitest';
import {
  readDelta,
  readDone,
  readError,
  REQUEST_ID_MAX_CHARS,
  type AiDonePayload,
  type AiErrorPayload,
} from './ai-events';

/** An event's data as it crosses the wire. */
const wire = (data: unknown): unknown => JSON.parse(JSON.stringify(data));

describe('readDelta', () => {
  it('reads the text, and nothing else', () => {
    expect(readDelta(wire({ text: 'Hé 🌱', extra: 1 }))).toEqual({ text: 'Hé 🌱' });
    expect(readDelta({ text: '' })).toEqual({ text: '' });
  });

  it('is null without text', () => {
    expect(readDelta({ text: 42 })).toBeNull();
    expect(readDelta(['x'])).toBeNull();
    expect(readDelta(null)).toBeNull();
  });
});

describe('readDone', () => {
  it('reads back what the server sends, plan or not', () => {
    const plain: AiDonePayload = { text: 'Hi', usingFallback: true };
    const plan: AiDonePayload = { text: 'Goal', expandedContent: 'Goal', steps: ['One', 'Two'], usingFallback: false };
    expect(readDone(wire(plain))).toEqual(plain);
    expect(readDone(wire(plan))).toEqual(plan);
  });

  it('defaults usingFallback to false and leaves out absent plan fields and unknown ones', () => {
    expect(readDone({ text: 'x', other: true })).toEqual({ text: 'x', usingFallback: false });
  });

  it('is null when a field has the wrong type', () => {
    expect(readDone({ text: 42 })).toBeNull();
    expect(readDone({ text: 'x', expandedContent: null })).toBeNull();
    expect(readDone({ text: 'x', steps: ['a', 2] })).toBeNull();
    expect(readDone({ text: 'x', steps: 'a' })).toBeNull();
    expect(readDone({ text: 'x', usingFallback: 'no' })).toBeNull();
    expect(readDone('x')).toBeNull();
  });
});

describe('readError', () => {
  it('reads back what the server sends', () => {
    const failure: AiErrorPayload = {
      status: 401,
      code: 'invalid_key',
      message: 'Invalid API key. Please check your OpenRouter API key.',
      requestId: 'req-1',
      keySource: 'user',
    };
    const cut: AiErrorPayload = {
      status: 502,
      code: 'interrupted',
      message: 'cut',
      requestId: 'req-2',
      partial: 'Half a ',
      incomplete: true,
    };
    const limited: AiErrorPayload = {
      status: 429,
      code: 'rate_limited',
      message: 'Rate limit exceeded. Please try again later.',
      requestId: 'r',
      retryAfter: 7,
    };
    for (const payload of [failure, cut, limited]) expect(readError(wire(payload))).toEqual(payload);
  });

  it('needs a message; the status defaults to 500', () => {
    expect(readError({ status: 502 })).toBeNull();
    expect(readError('<html>')).toBeNull();
    expect(readError({ message: 'x' })).toEqual({ status: 500, message: 'x' });
  });

  it('keeps a code it does not know, and drops fields of the wrong type', () => {
    expect(
      readError({
        message: 'x',
        code: 'newer_reason',
        keySource: 'someone',
        incomplete: 'yes',
        retryAfter: '7',
        partial: 3,
        requestId: 5,
      }),
    ).toEqual({
      status: 500,
      message: 'x',
      code: 'newer_reason',
    });
  });

  it('cuts a long request id', () => {
    expect(readError({ message: 'x', requestId: 'r'.repeat(500) })?.requestId).toHaveLength(REQUEST_ID_MAX_CHARS);
  });
});
