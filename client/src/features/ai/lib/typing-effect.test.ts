// The typing effect's schedule (spec section 9: 40 characters per 50 ms) and its hook.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTypingEffect } from '../hooks/use-typing-effect';
import { nextRevealLength, revealText, TYPING_INTERVAL_MS, TYPING_STEP_CHARS, typingSchedule } from './typing-effect';

describe('typing schedule', () => {
  it('is 40 characters every 50 ms', () => {
    expect(TYPING_STEP_CHARS).toBe(40);
    expect(TYPING_INTERVAL_MS).toBe(50);
  });

  it('reveals 40 more characters per tick until the text is complete', () => {
    expect(typingSchedule(130)).toEqual([
      { atMs: 0, length: 40 },
      { atMs: 50, length: 80 },
      { atMs: 100, length: 120 },
      { atMs: 150, length: 130 },
    ]);
  });

  it('starts from what already shows, and has nothing to do when all shows', () => {
    expect(typingSchedule(100, 90)).toEqual([{ atMs: 0, length: 100 }]);
    expect(typingSchedule(10, 10)).toEqual([]);
    expect(typingSchedule(0)).toEqual([]);
  });

  it('nextRevealLength never passes the total', () => {
    expect(nextRevealLength(0, 25)).toBe(25);
    expect(nextRevealLength(25, 25)).toBe(25);
    expect(nextRevealLength(50, 20)).toBe(20);
  });

  it('revealText never splits a surrogate pair', () => {
    const text = `${'a'.repeat(39)}🌱b`;
    expect(revealText(text, 40)).toBe(`${'a'.repeat(39)}🌱`);
    expect(revealText(text, 0)).toBe('');
    expect(revealText(text, 999)).toBe(text);
  });
});

describe('useTypingEffect', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('types a new reply in at 40 characters per 50 ms, following a text that grows', () => {
    vi.useFakeTimers();
    const text = 'x'.repeat(100);
    const { result, rerender } = renderHook(({ value }) => useTypingEffect(value, true), {
      initialProps: { value: text },
    });
    expect(result.current).toEqual({ shown: '', typing: true });
    // The first characters show at once, then 40 more every 50 ms.
    act(() => vi.advanceTimersByTime(0));
    expect(result.current.shown).toHaveLength(40);
    act(() => vi.advanceTimersByTime(49));
    expect(result.current.shown).toHaveLength(40);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.shown).toHaveLength(80);
    rerender({ value: 'x'.repeat(150) });
    act(() => vi.advanceTimersByTime(50));
    expect(result.current.shown).toHaveLength(120);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toEqual({ shown: 'x'.repeat(150), typing: false });
  });

  it('shows text that arrives after a pause at once', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useTypingEffect(value, true), {
      initialProps: { value: 'abc' },
    });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current.shown).toBe('abc');
    act(() => vi.advanceTimersByTime(500));
    rerender({ value: 'abcdef' });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current.shown).toBe('abcdef');
  });

  it('shows history at once', () => {
    const { result } = renderHook(() => useTypingEffect('Saved reply', false));
    expect(result.current).toEqual({ shown: 'Saved reply', typing: false });
  });
});
