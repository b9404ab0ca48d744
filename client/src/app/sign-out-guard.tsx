// The notes side of Sign out (ARCHITECTURE 4 and 9.1): before signing out, sync; if changes still have
// not reached the cloud, ask whether to sign out anyway. After an explicit sign-out, remove this
// device's copy of the user's notes (a session that merely ended only hides them until the next sign-in).
import { useEffect, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { addAfterSignOutStep, addBeforeSignOutStep } from '../features/auth/sign-out';
import { clearUserNotes, useNotesSession } from '../data/notes';
import { useNotesDevice } from './providers/notes-provider';

/** 'N changes haven't reached the cloud yet. Sign out anyway and lose them?' */
export function unsyncedQuestion(count: number): string {
  return count === 1
    ? "1 change hasn't reached the cloud yet. Sign out anyway and lose it?"
    : `${count} changes haven't reached the cloud yet. Sign out anyway and lose them?`;
}

interface Question {
  count: number;
  answer: (signOut: boolean) => void;
}

export function SignOutGuard() {
  const [question, setQuestion] = useState<Question | null>(null);
  const session = useNotesSession();
  const device = useNotesDevice();
  const latest = useRef({ session, device });
  useEffect(() => {
    latest.current = { session, device };
  }, [session, device]);

  useEffect(() => {
    const removeBefore = addBeforeSignOutStep(async ({ userId }) => {
      if (!userId) return true;
      const { session, device } = latest.current;
      const { unsynced } = session?.userId === userId ? await session.syncBeforeSignOut() : { unsynced: await device.store.countUnsynced(userId) };
      if (unsynced === 0) return true;
      return new Promise<boolean>((resolve) => {
        setQuestion({
          count: unsynced,
          answer: (signOut) => {
            setQuestion(null);
            resolve(signOut);
          },
        });
      });
    });
    // performSignOut runs these only after the user's own Sign out, never when a session just ended.
    const removeAfter = addAfterSignOutStep(async ({ userId }) => {
      if (!userId) return;
      const { session, device } = latest.current;
      if (session?.userId === userId) await session.clearDevice();
      else await clearUserNotes(device.store, userId);
    });
    return () => {
      removeBefore();
      removeAfter();
    };
  }, []);

  return (
    <AlertDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) question?.answer(false);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Sign out with unsynced changes?</AlertDialogTitle>
          <AlertDialogDescription>{question ? unsyncedQuestion(question.count) : ''}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep me signed in</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={(event) => {
              // Answered here, not by the close that follows (which would count as 'keep me signed in').
              event.preventDefault();
              question?.answer(true);
            }}
          >
            Sign out anyway
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
