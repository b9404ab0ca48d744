// What a failed turn shows (spec section 8) and what of a chat is sent and saved.
import { describe, expect, it } from 'vitest';
import { AiError } from '../api/ai-errors';
import { lastUserText } from '#core/ai-requests';
import { failureEntry, fromChatMessages, toChatMessages, type ChatEntry } from './chat-entries';

describe('failureEntry', () => {
  it("a provider failure: 'Sorry, I encountered an error: {message}'", () => {
    expect(failureEntry(new AiError('No response generated.', { status: 502, code: 'stream' }))).toEqual({
      role: 'assistant',
      content: 'Sorry, I encountered an error: No response generated.',
      status: 'error',
      turn: 'reply',
    });
  });

  it('a plan that did not come says so in plain words, remembering the plan turn and the request id', () => {
    const error = new AiError('The assistant did not return a plan. Try again.', {
      status: 422,
      code: 'stream',
      reason: 'no_plan',
      requestId: 'req-3',
    });
    expect(failureEntry(error, 'plan')).toEqual({
      role: 'assistant',
      content: 'The assistant did not return a plan. Try again.',
      status: 'error',
      turn: 'plan',
      reason: 'no_plan',
      requestId: 'req-3',
    });
  });

  it("the server's own key failing offers no key link (the user cannot fix it)", () => {
    const error = new AiError("Invalid API key. The server's OpenRouter API key was refused.", {
      status: 401,
      code: 'stream',
      reason: 'invalid_key',
      keySource: 'server',
    });
    expect(failureEntry(error).keyProblem).toBeUndefined();
  });

  it('an invalid API key also points to the key setup', () => {
    expect(
      failureEntry(
        new AiError('Invalid API key. Please check your OpenRouter API key.', { status: 401, code: 'stream' }),
      ),
    ).toMatchObject({ keyProblem: true });
  });

  it('a reply cut part-way keeps its text, marked incomplete', () => {
    expect(
      failureEntry(new AiError('cut', { status: 502, code: 'interrupted', partial: 'Half of it', incomplete: true })),
    ).toEqual({
      role: 'assistant',
      content: 'Half of it',
      status: 'incomplete',
      errorMessage: 'cut',
      turn: 'reply',
    });
  });

  it("anything else: 'Sorry, I had trouble responding. Please try again.'", () => {
    const expected = {
      role: 'assistant',
      content: 'Sorry, I had trouble responding. Please try again.',
      status: 'error',
      turn: 'reply',
    };
    expect(failureEntry(new AiError('down', { status: 0, code: 'network' }))).toEqual(expected);
    expect(
      failureEntry(new AiError('Rate limit exceeded. Please try again later.', { status: 429, code: 'http' })),
    ).toEqual(expected);
    expect(failureEntry(new Error('bug'))).toEqual(expected);
  });
});

describe('saving and sending', () => {
  const entries: ChatEntry[] = [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Sorry, I had trouble responding. Please try again.', status: 'error' },
    { role: 'user', content: 'Again' },
    { role: 'assistant', content: 'Half', status: 'incomplete', errorMessage: 'cut' },
  ];

  it('leaves failure notices out and keeps incomplete replies as plain messages', () => {
    expect(toChatMessages(entries)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Again' },
      { role: 'assistant', content: 'Half' },
    ]);
  });

  it('reads saved history as entries', () => {
    expect(fromChatMessages(null)).toEqual([]);
    expect(fromChatMessages([{ role: 'system', content: 'x' }])).toEqual([{ role: 'system', content: 'x' }]);
  });

  it("lastUserText is the user's last message", () => {
    expect(lastUserText(toChatMessages(entries))).toBe('Again');
    expect(lastUserText([])).toBe('');
  });
});
