import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAddressQuestion } from './use-address-question';

describe('useAddressQuestion', () => {
  const setup = () => {
    const ask = vi.fn((_question: string) => true);
    const onTaken = vi.fn();
    const view = renderHook(
      ({ question, ready }: { question: string | null; ready: boolean }) =>
        useAddressQuestion(question, ready, ask, onTaken),
      { initialProps: { question: 'What does it cost?' as string | null, ready: false } },
    );
    return { ask, onTaken, ...view };
  };

  it('asks once the panel is ready, and not again when the answer ends before the address lets go', () => {
    const { ask, onTaken, rerender } = setup();
    expect(ask).not.toHaveBeenCalled();
    rerender({ question: 'What does it cost?', ready: true });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(onTaken).toHaveBeenCalledTimes(1);
    // The answer streams (busy), then ends while the address still holds the question.
    rerender({ question: 'What does it cost?', ready: false });
    rerender({ question: 'What does it cost?', ready: true });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks the same words again from a later link, once the address has let go', () => {
    const { ask, rerender } = setup();
    rerender({ question: 'What does it cost?', ready: true });
    rerender({ question: null, ready: true });
    rerender({ question: 'What does it cost?', ready: true });
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('tries again when a busy panel did not take the question', () => {
    const { ask, onTaken, rerender } = setup();
    ask.mockReturnValueOnce(false);
    rerender({ question: 'What does it cost?', ready: true });
    expect(onTaken).not.toHaveBeenCalled();
    rerender({ question: 'What does it cost?', ready: false });
    rerender({ question: 'What does it cost?', ready: true });
    expect(ask).toHaveBeenCalledTimes(2);
    expect(onTaken).toHaveBeenCalledTimes(1);
  });
});
