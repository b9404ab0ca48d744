// The question before a sign-out would lose changes that have not reached the cloud (ARCHITECTURE 9.1):
// the sign-out provider's dialog, on the app's confirm dialog (loaded when a sign-out starts, issue 10).
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

export interface SignOutQuestionProps {
  open: boolean;
  /** What would be lost (unsyncedQuestion). */
  description: string;
  /** true: sign out anyway; false: keep the session (Cancel, Escape). */
  onAnswer: (signOut: boolean) => void;
}

export function SignOutQuestion({ open, description, onAnswer }: SignOutQuestionProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Sign out with unsynced changes?"
      description={description}
      cancelLabel="Keep me signed in"
      confirmLabel="Sign out anyway"
      onCancel={() => onAnswer(false)}
      onConfirm={() => onAnswer(true)}
    />
  );
}
