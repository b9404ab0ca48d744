// 'Find action items' in a note's More menu (issue 35, item 5): the menu's item, and the dialog it opens,
// whose code loads on the intent to open it (the note screen's first load stays the same). Not offered for
// a note kept out of the assistant (issue 34), as 'Expand with' is not; offline it stays in the menu,
// disabled, saying why.
import { useState, type ReactNode, type RefObject } from 'react';
import { ListChecks } from 'lucide-react';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import type { NoteView } from '../../../data/notes';
import { lazyWithPreload, preloadOnIntent, useOpenedOnce } from '../../../lib/lazy-with-preload';
import { useOnlineStatus } from '../../../lib/use-online-status';

const ActionItemsDialog = lazyWithPreload(() => import('./action-items-dialog').then((m) => m.ActionItemsDialog));

export interface FindActionItems {
  /** The menu's item; null for a note kept out of the assistant. */
  menuItem: ReactNode;
  /** The dialog: render it where it outlives the menu's content (e.g. inside the menu's root). */
  dialog: ReactNode;
}

/** `menuButton`: the menu's button, where focus goes back when the dialog closes. */
export function useFindActionItems(note: NoteView, menuButton: RefObject<HTMLElement | null>): FindActionItems {
  const online = useOnlineStatus();
  const [open, setOpen] = useState(false);
  // A note kept out meanwhile (another tab) closes the dialog: nothing more of it may be sent.
  const offered = !note.ai_excluded;
  if (open && !offered) setOpen(false);
  const opened = useOpenedOnce(open && offered);
  const menuItem = offered ? (
    <DropdownMenuItem disabled={!online} onSelect={() => setOpen(true)} {...preloadOnIntent(ActionItemsDialog.preload)}>
      <ListChecks aria-hidden="true" />
      <span className="grid">
        Find action items
        {!online && <span className="text-xs font-normal text-muted-foreground">Needs a connection</span>}
      </span>
    </DropdownMenuItem>
  ) : null;
  const dialog =
    opened && offered ? (
      <ActionItemsDialog open={open} onOpenChange={setOpen} note={note} returnFocus={menuButton} />
    ) : null;
  return { menuItem, dialog };
}
