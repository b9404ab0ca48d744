// The New menu itself (new-menu.tsx): a Radix dropdown of Quick note, New checklist and Expand an idea
// with the assistant, with its trigger. Loaded when the tab bar's New button is first about to be used.
import { useRef, type FocusEvent, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { ListPlus, NotebookPen, Sparkles } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useTakeFocus } from '../../../lib/lazy-with-preload';
import { useQuickCapture } from './use-quick-capture';

export interface NewMenuPopupProps {
  children: ReactNode;
  className?: string;
  /** Opened before the menu had loaded, and how: it opens at once, as it would have then. */
  openedBy: 'pointer' | 'keyboard' | null;
  /** Whether the stand-in button had focus (StandIn): the trigger takes it back. */
  hadFocusRef: RefObject<boolean>;
}

export function NewMenuPopup({ children, className, openedBy, hadFocusRef }: NewMenuPopupProps) {
  const { quickNote, newChecklist } = useQuickCapture();
  const navigate = useNavigate();
  const trigger = useRef<HTMLButtonElement>(null);
  useTakeFocus(trigger, hadFocusRef);
  // A keyboard opening puts focus on the first item. Radix knows the keyboard by the keys it has seen,
  // and the stand-in saw this one: the first opening, if by keyboard, moves focus on here when the
  // menu takes it.
  const keyboardOpeningRef = useRef(openedBy === 'keyboard');
  const focusFirstItem = (event: FocusEvent<HTMLDivElement>) => {
    if (!keyboardOpeningRef.current || event.target !== event.currentTarget) return;
    keyboardOpeningRef.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while its buttons
    // stay focusable (axe: aria-hidden-focus); the menu still takes focus and gives it back on Escape.
    <DropdownMenu modal={false} defaultOpen={openedBy !== null}>
      <DropdownMenuTrigger ref={trigger} className={className}>
        {children}
      </DropdownMenuTrigger>
      {/* Focus returns to the button only when it was lost (components/ui/dropdown-menu.tsx): a quick note's title keeps it. */}
      <DropdownMenuContent side="top" align="center" aria-label="New" onFocus={focusFirstItem}>
        <DropdownMenuItem onSelect={() => void quickNote()}>
          <NotebookPen aria-hidden="true" />
          Quick note
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void newChecklist()}>
          <ListPlus aria-hidden="true" />
          New checklist
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/new')}>
          <Sparkles aria-hidden="true" />
          Expand an idea with the assistant
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
