// A chat turn (spec section 4): the user's message appended, the reply requested after the send delay
// and streamed, blank or overlapping sends ignored, and each kind of failure shown as the catalogue says.
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiError, AiKeyRequiredError, AiOfflineError } from '../api/ai-errors';
import type { AiDonePayload } from '../api/sse-events';
import type { ChatEntry } from '../lib/chat-entries';
import { useChatSession, type ChatSessionOptions, type ReplyRequest } from './use-chat-session';

let navigatedTo: string | null = null;
const notify = vi.fn();

function setup(request: ReplyRequest, extra: Partial<ChatSessionOptions> = {}, initial: ChatEntry[] = []) {
  return renderHook(() => {
    const [entries, setEntries] = useState<ChatEntry[]>(initial);
    return useChatSession({ entries, onEntriesChange: setEntries, request, notify, ...extra });
  });
}

beforeEach(() => {
  navigatedTo = null;
  notify.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

// Navigation is observed, not performed.
vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    useNavigate: () => (to: string) => {
      navigatedTo = to;
    },
  };
});

const done = (text: string, extra: Partial<AiDonePayload> = {}): AiDonePayload => ({ text, usingFallback: false, ...extra });

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
    expect(onReply).toHaveBeenCalledWith(result.current.entries, done('Hello there'));
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
    const { result } = setup(async () => {
      throw new AiError('Could not reach the Sprout server.', { status: 0, code: 'network' });
    }, { onFailure });
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.entries.at(-1)).toEqual({ role: 'assistant', content: 'Sorry, I had trouble responding. Please try again.', status: 'error' });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it("a stream failure shows 'Sorry, I encountered an error: {message}' in place of the reply, with the key link on 401", async () => {
    const { result } = setup(async () => {
      throw new AiError('Invalid API key. Please check your OpenRouter API key.', { status: 401, code: 'stream' });
    });
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.entries.at(-1)).toEqual({
      role: 'assistant',
      content: 'Sorry, I encountered an error: Invalid API key. Please check your OpenRouter API key.',
      status: 'error',
      keyProblem: true,
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
    expect(result.current.entries[1]).toEqual({ role: 'assistant', content: 'Half', status: 'incomplete', errorMessage: 'cut' });
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
    const request = vi.fn<ReplyRequest>().mockRejectedValueOnce(new AiOfflineError()).mockResolvedValueOnce(done('back'));
    const { result } = setup(request);
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.offlineFailure).toBe(true));
    expect(result.current.entries).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(result.current.canRetry).toBe(true);
    await act(async () => {
      await result.current.requestReply();
    });
    expect(result.current.entries.at(-1)).toEqual({ role: 'assistant', content: 'back' });
    expect(result.current.canRetry).toBe(false);
  });

  it('no API key: the setup toast and a move to /api-setup, or a notice with the link when leaving is off', async () => {
    const first = setup(async () => {
      throw new AiKeyRequiredError();
    });
    act(() => void first.result.current.send('Hi'));
    await waitFor(() => expect(navigatedTo).toBe('/api-setup'));
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ description: 'Failed to initialize AI service. Please check your API key.' }));

    navigatedTo = null;
    const second = setup(async () => {
      throw new AiKeyRequiredError();
    }, { leaveForSetup: false });
    act(() => void second.result.current.send('Hi'));
    await waitFor(() => expect(second.result.current.entries).toHaveLength(2));
    expect(second.result.current.entries[1]).toMatchObject({ content: 'Failed to initialize AI service. Please check your API key.', keyProblem: true });
    expect(navigatedTo).toBeNull();
  });
});
