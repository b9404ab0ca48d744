// 'Ask your notes' turns: the answer streams and ends with its sources, one question at a time, a failure
// shown as the catalogue says with Retry asking the same question, and only the last few turns kept.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AiDonePayload } from '#core/ai-events';
import { AiError, AiKeyRequiredError } from '../api/ai-errors';
import { ASK_TURNS_KEPT, useAskSession, type AskRequest } from './use-ask-session';

const source = { n: 1, noteId: '11111111-1111-4111-8111-111111111111', title: 'Podcast launch' };
const done = (text: string, extra: Partial<AiDonePayload> = {}): AiDonePayload => ({
  text,
  usingFallback: false,
  ...extra,
});

describe('useAskSession', () => {
  it('streams the answer, then keeps it with its sources; a second question waits for the first', async () => {
    let finish: (value: AiDonePayload) => void = () => undefined;
    const request = vi.fn<AskRequest>((_question, options) => {
      options.onDelta?.('It is', 'It is');
      return new Promise((resolve) => (finish = resolve));
    });
    const { result } = renderHook(() => useAskSession({ request }));
    act(() => void expect(result.current.ask('  How much?  ')).toBe(true));
    expect(request).toHaveBeenCalledWith('How much?', expect.anything());
    expect(result.current.streamed).toBe('It is');
    expect(result.current.pendingId).toBe(result.current.turns[0]?.id);
    act(() => void expect(result.current.ask('Another')).toBe(false));
    expect(result.current.ask('   ')).toBe(false);
    await act(async () => finish(done('It is 400 euros [1].', { sources: [source] })));
    expect(result.current.pendingId).toBeNull();
    expect(result.current.turns).toEqual([
      { id: 1, question: 'How much?', answer: { text: 'It is 400 euros [1].', sources: [source] } },
    ]);
  });

  it('shows a failure as the catalogue says, and Retry asks the same question again', async () => {
    const onFailure = vi.fn();
    const request = vi
      .fn<AskRequest>()
      .mockRejectedValueOnce(new AiError('No response generated.', { status: 502, code: 'stream', reason: 'empty' }))
      .mockResolvedValueOnce(done('Nothing found.', { sources: [] }));
    const { result } = renderHook(() => useAskSession({ request, onFailure }));
    act(() => void result.current.ask('Why?'));
    await waitFor(() => expect(result.current.turns[0]?.failure).toBeDefined());
    expect(result.current.turns[0]?.failure).toMatchObject({
      content: 'Sorry, I encountered an error: No response generated.',
      status: 'error',
    });
    expect(onFailure).toHaveBeenCalledTimes(1);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.turns[0]?.answer).toEqual({ text: 'Nothing found.', sources: [] }));
    expect(request).toHaveBeenLastCalledWith('Why?', expect.anything());
    expect(result.current.turns).toHaveLength(1);
  });

  it('offers the way to the API key when there is none, without reporting a failure', async () => {
    const onFailure = vi.fn();
    const { result } = renderHook(() =>
      useAskSession({ request: () => Promise.reject(new AiKeyRequiredError()), onFailure }),
    );
    act(() => void result.current.ask('Why?'));
    await waitFor(() => expect(result.current.turns[0]?.failure?.keyProblem).toBe(true));
    expect(onFailure).not.toHaveBeenCalled();
  });

  it(`keeps only the last ${ASK_TURNS_KEPT} turns`, async () => {
    const { result } = renderHook(() => useAskSession({ request: (question) => Promise.resolve(done(question)) }));
    for (let i = 1; i <= ASK_TURNS_KEPT + 2; i++) {
      act(() => void result.current.ask(`Q${i}`));
      await waitFor(() => expect(result.current.pendingId).toBeNull());
    }
    expect(result.current.turns.map((turn) => turn.question)).toEqual(
      Array.from({ length: ASK_TURNS_KEPT }, (_, i) => `Q${i + 3}`),
    );
  });
});
