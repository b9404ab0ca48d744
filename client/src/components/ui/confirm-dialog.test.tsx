// The app's one confirm dialog, as the five questions use it: not in the page until first asked, then an
// alertdialog named by its question and described by its text, focus on Cancel, Escape or Cancel saying
// no, the confirming button or Enter in a field saying yes, nothing answered while busy; focus goes back.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Asking({
  onConfirm = () => {},
  busy = false,
  withField = false,
}: {
  onConfirm?: () => void;
  busy?: boolean;
  withField?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<string[]>([]);
  const [password, setPassword] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <p>answers: {answers.join(', ')}</p>
      <ConfirmDialog
        open={open}
        title="Delete this?"
        description="It cannot be undone."
        cancelLabel="Keep it"
        confirmLabel="Delete it"
        onCancel={() => {
          setAnswers((all) => [...all, 'no']);
          setOpen(false);
        }}
        onConfirm={() => {
          setAnswers((all) => [...all, 'yes']);
          onConfirm();
        }}
        busy={busy}
        confirmDisabled={withField && password === ''}
      >
        {withField && (
          <input aria-label="Password" value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </ConfirmDialog>
    </>
  );
}

async function ask() {
  const trigger = screen.getByRole('button', { name: 'Delete' });
  trigger.focus();
  fireEvent.click(trigger);
  return screen.findByRole('alertdialog', { name: 'Delete this?' });
}

describe('ConfirmDialog', () => {
  it('is not in the page until asked; then asks with focus on Cancel, and Escape or Cancel say no and give focus back', async () => {
    render(<Asking />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const dialog = await ask();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('It cannot be undone.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' })));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' })));

    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('answers: no, no')).toBeTruthy();
  });

  it('says yes with its button and stays open until its owner closes it; busy, it answers nothing', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<Asking onConfirm={onConfirm} />);
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('answers: yes')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    rerender(<Asking onConfirm={onConfirm} busy />);
    expect((screen.getByRole('button', { name: 'Delete it' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Keep it' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes Enter in its field as yes, once the field allows it', async () => {
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} withField />);
    await ask();
    const field = screen.getByRole('textbox', { name: 'Password' });
    const form = field.closest('form')!;
    fireEvent.submit(form);
    expect(onConfirm).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Delete it' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'secret' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
