// The question before a sign-out would lose changes that have not reached the cloud (ARCHITECTURE 9.1):
// the sign-out provider's dialog, loaded when a sign-out starts (issue 10), not with every screen.
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';

export interface SignOutQuestionProps {
  open: boolean;
  /** What would be lost (unsyncedQuestion). */
  description: string;
  /** true: sign out anyway; false: keep the session (Cancel, Escape). */
  onAnswer: (signOut: boolean) => void;
}

export function SignOutQuestion({ open, description, onAnswer }: SignOutQuestionProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onAnswer(false);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Sign out with unsynced changes?</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep me signed in</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={(event) => {
              // Answered here, not by the close that follows (which would count as 'keep me signed in').
              event.preventDefault();
              onAnswer(true);
            }}
          >
            Sign out anyway
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
