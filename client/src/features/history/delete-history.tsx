// Delete history: after the app's usual question, every kept version of the note goes on the server.
// The note itself stays as it is.
import { useRef, useState, type RefObject } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { useDeleteHistory } from './api/delete-history';
import { deleteHistoryDescription, errorText, HISTORY_TEXT } from './history-text';

export interface DeleteHistoryProps {
  noteId: string;
  /** Whether there is any history to delete: the button shows only then (the question stays mounted). */
  hasVersions: boolean;
  noteTitle: string;
  onDeleted: () => void;
  /** Where focus goes once the history is gone (and this button with it). */
  fallbackFocus: RefObject<HTMLElement | null>;
}

export function DeleteHistory({ noteId, hasVersions, noteTitle, onDeleted, fallbackFocus }: DeleteHistoryProps) {
  const [asking, setAsking] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const deletion = useDeleteHistory(noteId);

  const confirm = () => {
    setFailure(null);
    deletion.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        onDeleted();
      },
      onError: (error) => {
        setAsking(false);
        setFailure(errorText(error));
      },
    });
  };

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      {hasVersions && (
        <Button
          ref={buttonRef}
          variant="outline-destructive"
          className="text-destructive"
          onClick={() => setAsking(true)}
          {...preloadOnIntent(preloadConfirmDialog)}
        >
          <Trash2 aria-hidden="true" />
          Delete history
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={HISTORY_TEXT.deleteQuestion}
        description={deleteHistoryDescription(noteTitle)}
        cancelLabel="Cancel"
        confirmLabel="Delete history"
        busy={deletion.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          if (buttonRef.current?.isConnected) return;
          // The button went with the history.
          event.preventDefault();
          fallbackFocus.current?.focus();
        }}
      />
    </div>
  );
}
