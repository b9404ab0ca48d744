// Where focus goes when the menu closes: back to its button after Escape, but never taken from a field
// that the chosen item's screen has focused (the New menu's Quick note and New checklist open the editor
// with its title focused; a keystroke meant for the title must not land on the New button).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

/** A screen that focuses its title when it opens, as the Edit screen does for a quick note. */
function Editor() {
  const title = useRef<HTMLInputElement>(null);
  useEffect(() => title.current?.focus(), []);
  return <input ref={title} aria-label="Title" />;
}

/** `created`: the note's write; the item opens the editor once it is done, as Quick note does. */
function NewMenu({ created = Promise.resolve() }: { created?: Promise<void> }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      {editing && <Editor />}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger>New</DropdownMenuTrigger>
        <DropdownMenuContent aria-label="New">
          <DropdownMenuItem onSelect={() => void created.then(() => setEditing(true))}>Quick note</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

function openMenu() {
  const trigger = screen.getByRole('button', { name: 'New' });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.getByRole('menuitem', { name: 'Quick note' });
}

/** Radix hands focus back in a timeout after the menu's content has gone. */
const afterFocusReturn = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('DropdownMenuContent', () => {
  it("leaves focus in the field the chosen item's screen focused, even when that screen opens as the menu goes", async () => {
    let finishWrite = () => {};
    render(<NewMenu created={new Promise((resolve) => (finishWrite = resolve))} />);
    // The menu closes and its content goes (here at once; in the app after its exit animation), and the
    // editor opens right after, before the menu hands focus back: on a busy phone the write and the
    // route change can end just as the animation does.
    fireEvent.click(openMenu());
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => finishWrite());
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
    await afterFocusReturn();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
  });

  it('gives focus back to its button when closed with Escape', async () => {
    render(<NewMenu />);
    fireEvent.keyDown(openMenu(), { key: 'Escape' });
    await afterFocusReturn();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New' }));
  });
});
