// One 'Find action items' proposal: asked for at once, streamed, read into steps; a failure in the
// catalogue's words, and Retry asks again with the note as it is then; closing stops the request.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActionItemsRequest } from '#core/ai-requests-schema';
import type { AiDonePayload } from '#core/ai-events';
import { AiError } from '../api/ai-errors';
import { useActionItems, type ActionItemsRequester } from './use-action-items';

const request = (text: string): ActionItemsRequest => ({
  noteId: '11111111-1111-4111-8111-111111111111',
  title: 'Party',
  text,
  today: '2026-03-24',
  timeZone: 'UTC',
});
const done = (text: string): AiDonePayload => ({ text, usingFallback: false });

describe('useActionItems', () => {
  it('streams the answer, then offers its steps', async () => {
    let finish: (value: AiDonePayload) => void = () => undefined;
    const send = vi.fn<ActionItemsRequester>((_request, options) => {
      options.onDelta?.('1. Book', '1. Book');
      return new Promise((resolve) => (finish = resolve));
    });
    const { result } = renderHook(() => useActionItems(() => request('Book the venue'), send));
    await waitFor(() => expect(result.current.proposal).toEqual({ status: 'streaming', text: '1. Book' }));
    await act(async () => finish(done('1. Book the venue (due 2026-03-27)\n2. Send invitations')));
    expect(result.current.proposal).toEqual({
      status: 'ready',
      items: [{ text: 'Book the venue', due: '2026-03-27' }, { text: 'Send invitations' }],
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("says a failure in the catalogue's words; Retry asks again with the note as it is then", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi
      .fn<ActionItemsRequester>()
      .mockRejectedValueOnce(
        new AiError('Rate limit exceeded. Please try again later.', {
          status: 429,
          code: 'stream',
          reason: 'rate_limited',
        }),
      )
      .mockResolvedValueOnce(done('1. Send invitations'));
    let text = 'Book the venue';
    const { result } = renderHook(() => useActionItems(() => request(text), send));
    await waitFor(() => expect(result.current.proposal.status).toBe('failed'));
    expect(result.current.proposal).toEqual({
      status: 'failed',
      failure: {
        message: 'Sorry, I encountered an error: Rate limit exceeded. Please try again later.',
        keyMissing: false,
      },
    });
    const before = result.current.attempt;
    text = 'Send invitations';
    act(() => result.current.retry());
    expect(result.current.attempt).toBe(before + 1);
    await waitFor(() =>
      expect(result.current.proposal).toEqual({ status: 'ready', items: [{ text: 'Send invitations' }] }),
    );
    expect(send).toHaveBeenLastCalledWith(request('Send invitations'), expect.anything());
    warn.mockRestore();
  });

  it('stops the request when the dialog closes', () => {
    const signals: AbortSignal[] = [];
    const send: ActionItemsRequester = (_request, options) => {
      if (options.signal) signals.push(options.signal);
      return new Promise(() => undefined);
    };
    const { unmount } = renderHook(() => useActionItems(() => request('x'), send));
    unmount();
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });
});
