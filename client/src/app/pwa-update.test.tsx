// The service worker's events (ARCHITECTURE 9.5): registered at once, and a new version is offered with
// a toast whose Reload action activates it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { createToastStore } from '../lib/toast';
import { pwaRegisterOptions, UPDATE_AVAILABLE_TEXT } from './pwa-update';

afterEach(() => cleanup());

describe('pwaRegisterOptions', () => {
  it('registers at once', () => {
    expect(pwaRegisterOptions(async () => undefined).immediate).toBe(true);
  });

  it('offers a new version with a toast; Reload activates it', async () => {
    const activate = vi.fn(async () => undefined);
    const toasts = createToastStore();
    render(<Toaster store={toasts} />);
    act(() => pwaRegisterOptions(activate, toasts.toast).onNeedRefresh?.());
    expect(screen.getByText('Update available')).toBeTruthy();
    expect(screen.getByText(UPDATE_AVAILABLE_TEXT)).toBeTruthy();
    expect(activate).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledWith(true);
  });
});
