// A chat turn (spec section 4): the user's message appended, the reply requested after the send delay
// and streamed, blank or overlapping sends ignored, and each kind of failure shown as the catalogue says.
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiError, AiKeyRequiredError, AiOfflineError } from '../api/ai-errors';
import type { AiDonePayload } from '#core/ai-events';
import type { ChatEntry } from '../lib/chat-entries';
import { useChatSession, type ChatSessionOptions, type ReplyRequest } from './use-chat-session';

const notify = vi.fn();

function setup(request: ReplyRequest, extra: Partial<ChatSessionOptions> = {}, initial: ChatEntry[] = []) {
  return renderHook(() => {
    const [entries, setEntries] = useState<ChatEntry[]>(initial);
    return useChatSession({ entries, onEntriesChange: setEntries, request, notify, ...extra });
  });
}

beforeEach(() => {
  notify.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

const done = (text: string, extra: Partial<AiDonePayload> = {}): AiDonePayload => ({
  text,
  usingFallback: false,
  ...extra,
});

describe('useChatSession', () => {
  it('appends the message, waits the send delay, streams the reply and appends it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let finish: (value: AiDonePayload) => void = () => undefined;
    const request = vi.fn<ReplyRequest>((_messages, options) => {
      options.onDelta?.('Hel', 'Hel');
      return new Promise((resolve) => (finish = resolve));
    });
    const onReply = vi.fn();
    const { result } = setup(request, { sendDelayMs: 100, onReply }, [{ role: 'system', content: 'Opening' }]);

    act(() => {
      expect(result.current.send('  Hello  ')).toBe(true);
    });
    expect(result.current.entries.at(-1)).toEqual({ role: 'user', content: 'Hello' });
    expect(result.current.pending).toBe(true);
    expect(request).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(request).toHaveBeenCalledTimes(1);
    // System notes and failure notices are not sent; the server writes its own prompt.
    expect(request.mock.calls[0]?.[0]).toEqual([
      { role: 'system', content: 'Opening' },
      { role: 'user', content: 'Hello' },
    ]);
    expect(result.current.streamed).toBe('Hel');
    // A second send while the reply is pending is ignored.
    act(() => {
      expect(result.current.send('again')).toBe(false);
    });
    await act(async () => finish(done('Hello there')));
    expect(result.current.pending).toBe(false);
    expect(result.current.entries.at(-1)).toEqual({ role: 'assistant', content: 'Hello there' });
    expect(onReply).toHaveBeenCalledWith(result.current.entries, done('Hello there'), 'reply');
  });

  it('ignores blank messages', () => {
    const request = vi.fn<ReplyRequest>();
    const { result } = setup(request);
    act(() => {
      expect(result.current.send('   \n ')).toBe(false);
    });
    expect(result.current.entries).toEqual([]);
    expect(request).not.toHaveBeenCalled();
  });

  it("a request that fails (network, our server) appends 'Sorry, I had trouble responding. Please try again.'", async () => {
    const onFailure = vi.fn();
    const { result } = setup(
      async () => {
        throw new AiError('Could not reach the Sprout server.', { status: 0, code: 'network' });
      },
      { onFailure },
    );
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.entries.at(-1)).toEqual({
      role: 'assistant',
      content: 'Sorry, I had trouble responding. Please try again.',
      status: 'error',
      turn: 'reply',
    });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it("a stream failure shows 'Sorry, I encountered an error: {message}' in place of the reply, with the key link on 401", async () => {
    const { result } = setup(async () => {
      throw new AiError('Invalid API key. Please check your OpenRouter API key.', {
        status: 401,
        code: 'stream',
        reason: 'invalid_key',
        keySource: 'user',
        requestId: 'req-7',
      });
    });
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.entries.at(-1)).toEqual({
      role: 'assistant',
      content: 'Sorry, I encountered an error: Invalid API key. Please check your OpenRouter API key.',
      status: 'error',
      keyProblem: true,
      turn: 'reply',
      requestId: 'req-7',
      reason: 'invalid_key',
    });
  });

  it('a cut stream keeps the partial text, marked incomplete; the notice is not sent next time', async () => {
    const request = vi
      .fn<ReplyRequest>()
      .mockRejectedValueOnce(new AiError('cut', { status: 502, code: 'stream', partial: 'Half', incomplete: true }))
      .mockRejectedValueOnce(new AiError('boom', { status: 500, code: 'stream' }))
      .mockResolvedValueOnce(done('ok'));
    const { result } = setup(request);
    act(() => void result.current.send('One'));
    await waitFor(() => expect(result.current.entries).toHaveLength(2));
    expect(result.current.entries[1]).toEqual({
      role: 'assistant',
      content: 'Half',
      status: 'incomplete',
      errorMessage: 'cut',
      turn: 'reply',
    });
    act(() => void result.current.send('Two'));
    await waitFor(() => expect(result.current.entries).toHaveLength(4));
    act(() => void result.current.send('Three'));
    await waitFor(() => expect(result.current.entries).toHaveLength(6));
    expect(request.mock.calls[2]?.[0]).toEqual([
      { role: 'user', content: 'One' },
      { role: 'assistant', content: 'Half' },
      { role: 'user', content: 'Two' },
      { role: 'user', content: 'Three' },
    ]);
  });

  it('usingFallback shows the Connection Error toast once', async () => {
    const { result } = setup(async () => done('fallback answer', { usingFallback: true }));
    act(() => void result.current.send('One'));
    await waitFor(() => expect(result.current.entries).toHaveLength(2));
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Connection Error' }));
    act(() => void result.current.send('Two'));
    await waitFor(() => expect(result.current.entries).toHaveLength(4));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('offline: no notice appended; the message waits and Try again is offered', async () => {
    const request = vi
      .fn<ReplyRequest>()
      .mockRejectedValueOnce(new AiOfflineError())
      .mockResolvedValueOnce(done('back'));
    const { result } = setup(request);
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.offlineFailure).toBe(true));
    expect(result.current.entries).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(result.current.canRetry).toBe(true);
    await act(async () => {
      await result.current.retry();
    });
    expect(result.current.entries.at(-1)).toEqual({ role: 'assistant', content: 'back' });
    expect(result.current.canRetry).toBe(false);
  });

  it('no API key: a notice in place of the reply, with the link, and no leaving the screen', async () => {
    const onKeyRequired = vi.fn();
    const { result } = setup(
      async () => {
        throw new AiKeyRequiredError();
      },
      { onKeyRequired },
    );
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.entries).toHaveLength(2));
    expect(result.current.entries[1]).toMatchObject({
      content: 'Failed to initialize AI service. Please check your API key.',
      keyProblem: true,
      turn: 'reply',
    });
    expect(onKeyRequired).toHaveBeenCalledTimes(1);
  });

  it('Retry sends the failed turn again on the same messages; a cut reply stays until the new text replaces it', async () => {
    let resolveRetry: (value: AiDonePayload) => void = () => undefined;
    const plan = vi
      .fn<ReplyRequest>()
      .mockRejectedValueOnce(
        new AiError('cut', {
          status: 502,
          code: 'stream',
          reason: 'interrupted',
          partial: 'Goal Sum',
          incomplete: true,
        }),
      )
      .mockRejectedValueOnce(
        new AiError('The assistant did not return a plan. Try again.', {
          status: 422,
          code: 'stream',
          reason: 'no_plan',
          requestId: 'req-9',
        }),
      )
      .mockImplementationOnce((_messages, options) => {
        options.onDelta?.('Goal', 'Goal');
        return new Promise((resolve) => (resolveRetry = resolve));
      });
    const onReply = vi.fn();
    const { result } = setup(vi.fn<ReplyRequest>(), { planRequest: plan, onReply }, [
      { role: 'user', content: 'Idea' },
      { role: 'assistant', content: 'When?' },
    ]);
    await act(async () => void (await result.current.requestReply('plan')));
    expect(result.current.entries.at(-1)).toMatchObject({ content: 'Goal Sum', status: 'incomplete', turn: 'plan' });

    // A retry that fails before any text keeps the text the earlier attempt got, with the new reason.
    await act(async () => void (await result.current.retry()));
    expect(result.current.entries).toHaveLength(3);
    expect(result.current.entries.at(-1)).toMatchObject({
      content: 'Goal Sum',
      status: 'incomplete',
      reason: 'no_plan',
      requestId: 'req-9',
    });

    let retried: Promise<AiDonePayload | null> = Promise.resolve(null);
    act(() => void (retried = result.current.retry()));
    await waitFor(() => expect(result.current.streamed).toBe('Goal'));
    expect(result.current.replacing).toBe(true);
    for (const call of plan.mock.calls)
      expect(call[0]).toEqual([
        { role: 'user', content: 'Idea' },
        { role: 'assistant', content: 'When?' },
      ]);
    await act(async () => {
      resolveRetry(done('Goal Summary ...', { steps: ['Do it'] }));
      await retried;
    });
    expect(result.current.entries).toEqual([
      { role: 'user', content: 'Idea' },
      { role: 'assistant', content: 'When?' },
      { role: 'assistant', content: 'Goal Summary ...' },
    ]);
    expect(onReply).toHaveBeenCalledWith(
      result.current.entries,
      done('Goal Summary ...', { steps: ['Do it'] }),
      'plan',
    );
  });
});
