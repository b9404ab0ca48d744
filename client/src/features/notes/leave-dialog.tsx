// The dialog shown when the user navigates away from the Edit screen with unsaved changes.
import type { Blocker } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      description="You have unsaved changes to this note. If you leave now, they will be lost."
      cancelLabel="Keep editing"
      confirmLabel="Leave without saving"
      onCancel={() => {
        if (blocker.state === 'blocked') blocker.reset();
      }}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
