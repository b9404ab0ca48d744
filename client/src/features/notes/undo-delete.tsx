// The Undo a deletion's toast offers for its 5 seconds [S29]: the note went to the Trash, and Undo brings
// it back where it was. The toast's button component loads with the toast queue, not with this screen.
import { lazy, type ReactElement } from 'react';

const ToastAction = lazy(() => import('../../components/ui/toast').then((m) => ({ default: m.ToastAction })));

export function undoDeleteAction(undo: () => void): ReactElement {
  return (
    <ToastAction altText="Undo: bring the note back from the Trash" onClick={undo}>
      Undo
    </ToastAction>
  );
}
