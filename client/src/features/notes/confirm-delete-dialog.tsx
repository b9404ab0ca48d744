// The confirmation before a note is deleted (confirm-delete-alert.tsx), rendered from its first opening
// on and loaded then, or earlier on the intent to delete (preloadConfirmDelete on the Delete button), not
// with the screens that offer it (issue 10).
import { lazyWithPreload, useOpenedOnce } from '../../lib/lazy-with-preload';
import type { ConfirmDeleteDialogProps } from './confirm-delete-alert';

export type { ConfirmDeleteDialogProps } from './confirm-delete-alert';

const ConfirmDeleteAlert = lazyWithPreload(() => import('./confirm-delete-alert').then((m) => m.ConfirmDeleteAlert));

/** Starts loading the confirmation: for the Delete buttons' first pointer, press, focus or key. */
export const preloadConfirmDelete = ConfirmDeleteAlert.preload;

export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? <ConfirmDeleteAlert {...props} /> : null;
}
