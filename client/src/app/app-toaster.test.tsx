// The page's toaster arrives with the first toast; once its module is loaded, that toast shows at once.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
