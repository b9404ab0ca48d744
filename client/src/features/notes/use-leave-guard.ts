// Warns before leaving a screen with unsaved changes: the browser's own prompt on reload or close
// (beforeunload), and a router blocker for navigation inside the app that the screen turns into a dialog.
import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';

export interface LeaveGuard {
  blocker: Blocker;
  /** Lets the next navigation through (after a save or a delete, which leave on purpose). */
  allowNextNavigation: () => void;
}

export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const dirtyRef = useRef(dirty);
  const allowRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    // The question may come now: have its dialog ready (it loads on first use).
    void preloadConfirmDialog();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return {
    blocker,
    allowNextNavigation: () => {
      allowRef.current = true;
    },
  };
}
