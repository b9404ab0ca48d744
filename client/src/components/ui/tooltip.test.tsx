// Tooltip: the plain trigger until the first focus or hover, then Radix's tooltip, loaded then, without
// losing focus or the user's click.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as tooltipModule from './tooltip';

function renderTooltip(onClick = () => {}, { Tooltip, TooltipProvider } = tooltipModule) {
  render(
    <TooltipProvider>
      <Tooltip content="Delete note">
        <button aria-label="Delete Groceries" onClick={onClick}>
          x
        </button>
      </Tooltip>
    </TooltipProvider>,
  );
  return () => screen.getByRole('button', { name: 'Delete Groceries' });
}

describe('Tooltip', () => {
  it('renders the trigger plainly, with its own name, until it is used', () => {
    const trigger = renderTooltip();
    expect(trigger().getAttribute('data-state')).toBeNull();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('on keyboard focus, loads the tooltip and shows it at once, focus staying on the trigger', async () => {
    const trigger = renderTooltip();
    act(() => trigger().focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete note');
    // The trigger is the Radix one now, and still has focus.
    expect(trigger().getAttribute('data-state')).toBe('instant-open');
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('keeps a click that starts before the tooltip has loaded', async () => {
    // Fresh modules: the tooltip's code not loaded yet.
    vi.resetModules();
    const fresh = await import('./tooltip');
    const onClick = vi.fn();
    const trigger = renderTooltip(onClick, fresh);
    const pressed = trigger();
    fireEvent.pointerMove(pressed, { pointerType: 'mouse', buttons: 0 });
    fireEvent.pointerDown(pressed, { pointerType: 'mouse', button: 0 });
    // The load finishes while the button is down: the trigger is not replaced under the press.
    await act(async () => {
      await import('./tooltip-popup');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(trigger()).toBe(pressed);
    fireEvent.pointerUp(document, { pointerType: 'mouse' });
    fireEvent.click(pressed);
    expect(onClick).toHaveBeenCalledTimes(1);
    // Nor does the pointer, still over it after the click, bring the tooltip in until it has left.
    fireEvent.pointerMove(pressed, { pointerType: 'mouse', buttons: 0 });
    expect(trigger()).toBe(pressed);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
