// The mobile tab bar's New button (issue 12): a small menu of Quick note, New checklist and Expand an
// idea with the assistant (the creation flow on /new). The menu (new-menu-popup.tsx, Radix) loads when
// the button is first about to be used (issue 10): pointer over it, a press, focus. Until then the
// button is a plain one, as the menu's trigger renders it; a press or key that opens the menu before
// it has loaded opens it as soon as it has.
import { useRef, useState, type ReactNode } from 'react';
import { lazyWithPreload, StandIn, usePreloaded } from '../../../lib/lazy-with-preload';
import type { NewMenuPopupProps } from './new-menu-popup';

const NewMenuPopup = lazyWithPreload(() => import('./new-menu-popup').then((m) => m.NewMenuPopup));

/** Keys with which the menu's trigger opens it. */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/** `children` is the trigger's face (the tab bar's round button). */
export function NewMenu({ children, className }: { children: ReactNode; className?: string }) {
  const [wanted, setWanted] = useState(false);
  const [openedBy, setOpenedBy] = useState<NewMenuPopupProps['openedBy']>(null);
  const hadFocusRef = useRef(false);
  const loaded = usePreloaded(NewMenuPopup, wanted);

  if (wanted && loaded) {
    return (
      <NewMenuPopup className={className} openedBy={openedBy} hadFocusRef={hadFocusRef}>
        {children}
      </NewMenuPopup>
    );
  }
  return (
    <StandIn
      hadFocusRef={hadFocusRef}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      onPointerDown={(event) => {
        setWanted(true);
        // As the trigger does: the left button opens it, and focus stays where it is (the menu takes it).
        if (event.button === 0 && !event.ctrlKey) {
          setOpenedBy('pointer');
          event.preventDefault();
        }
      }}
      onKeyDown={(event) => {
        setWanted(true);
        if (OPENING_KEYS.includes(event.key)) {
          setOpenedBy('keyboard');
          event.preventDefault();
        }
      }}
    >
      <button type="button" className={className} aria-haspopup="menu" aria-expanded={false} data-state="closed">
        {children}
      </button>
    </StandIn>
  );
}
