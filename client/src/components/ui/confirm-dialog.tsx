// A question before something is lost (delete a note, leave unsaved changes, start over, delete the
// account, sign out with unsynced changes): rendered from its first opening on and loaded then, or
// earlier on the intent to ask (preloadConfirmDialog), not with the screens that may ask (issue 10).
// The dialog itself is confirm-alert.tsx.
import { lazyWithPreload, useOpenedOnce } from '../../lib/lazy-with-preload';
import type { ConfirmDialogProps } from './confirm-alert';

const ConfirmAlert = lazyWithPreload(() => import('./confirm-alert').then((m) => m.ConfirmAlert));

/** Starts loading the dialog: for a trigger's first pointer, press, focus or key, or when a question becomes possible. */
export const preloadConfirmDialog = ConfirmAlert.preload;

export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? <ConfirmAlert {...props} /> : null;
}
