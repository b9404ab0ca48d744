// The page's toaster arrives after the first load; a toast shows as soon as its code is there.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../lib/toast';
import { AppToaster, loadToaster } from './app-toaster';

describe('AppToaster', () => {
  it('shows the first toast in the render it causes once the module has arrived (a lazy component would suspend, and React holds back the content 300 ms)', async () => {
    await loadToaster();
    const toasts = createToastStore();
    render(<AppToaster store={toasts} />);
    act(() => void toasts.toast({ title: 'Notes synced', description: 'Successfully synced 3 notes to the cloud.' }));
    expect(screen.getByText('Successfully synced 3 notes to the cloud.')).toBeTruthy();
  });

  // (React's 300 ms Suspense throttle, which a lazy toaster met, does not apply under act(): the e2e sync
  // bench shows that part.)
  it('fetches the code for a toast raised before it arrived, and shows the toast once it is there', async () => {
    vi.resetModules();
    const fresh = await import('./app-toaster');
    const toasts = createToastStore();
    render(<fresh.AppToaster store={toasts} />);
    act(
      () => void toasts.toast({ title: 'Notes synced', description: 'Successfully synced 1000 notes to the cloud.' }),
    );
    expect(await screen.findByText('Successfully synced 1000 notes to the cloud.')).toBeTruthy();
  });

  it('fetches the code and mounts the toaster when a toast is expected (a Sync started), so that the toast shows in the render it causes', async () => {
    vi.resetModules();
    const fresh = await import('./app-toaster');
    const toasts = createToastStore();
    render(<fresh.AppToaster store={toasts} />);
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    act(() => toasts.expect());
    // The toaster and its (empty) notifications region are there before the toast.
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeTruthy();
    act(
      () => void toasts.toast({ title: 'Notes synced', description: 'Successfully synced 1000 notes to the cloud.' }),
    );
    expect(screen.getByText('Successfully synced 1000 notes to the cloud.')).toBeTruthy();
  });
});
