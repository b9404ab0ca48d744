// The full-page spinner stays hidden in the page's first second, then shows; one asked for later shows at
// once, and two that hand over to each other share the page's clock.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULL_PAGE_SPINNER_AFTER_MS, FullPageSpinner } from './spinner';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const spinner = () => screen.queryByRole('status', { name: 'Loading' });

describe('FullPageSpinner', () => {
  it('shows nothing while the page is younger than the delay, then the spinner', () => {
    vi.setSystemTime(0);
    vi.advanceTimersByTime(200);
    render(<FullPageSpinner />);
    expect(spinner()).toBeNull();
    act(() => vi.advanceTimersByTime(FULL_PAGE_SPINNER_AFTER_MS - 201));
    expect(spinner()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(spinner()).not.toBeNull();
  });

  it('shows at once on a page older than the delay', () => {
    vi.advanceTimersByTime(FULL_PAGE_SPINNER_AFTER_MS + 5000);
    render(<FullPageSpinner />);
    expect(spinner()).not.toBeNull();
  });

  it('one taking over from another does not start the wait again', () => {
    const { rerender } = render(<FullPageSpinner key="route" />);
    act(() => vi.advanceTimersByTime(FULL_PAGE_SPINNER_AFTER_MS / 2));
    rerender(<FullPageSpinner key="guard" minHeight="min-h-svh" />);
    act(() => vi.advanceTimersByTime(FULL_PAGE_SPINNER_AFTER_MS / 2));
    expect(spinner()).not.toBeNull();
  });
});
