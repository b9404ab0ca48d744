// The Undo a restore's toast offers. The toast's button component loads with the toast queue, not with
// the panel.
import { lazy, type ReactElement } from 'react';

const ToastAction = lazy(() => import('../../components/ui/toast').then((m) => ({ default: m.ToastAction })));

export function undoRestoreAction(undo: () => void): ReactElement {
  return (
    <ToastAction altText="Undo: put back the note as it was before the restore" onClick={undo}>
      Undo
    </ToastAction>
  );
}
