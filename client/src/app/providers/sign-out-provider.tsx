// The app's one Sign out (ARCHITECTURE 4 and 9.1), with the notes' steps around it: before signing out,
// sync; if changes still have not reached the cloud, ask whether to sign out anyway. After the sign-out,
// remove this device's copy of the user's notes (a session that merely ended only hides them until
// the next sign-in). Screens get it with useSignOut(); the question is this provider's dialog
// (sign-out-question.tsx), whose code loads when a sign-out starts rather than with every screen (issue 10).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  performSignOut,
  SIGN_OUT_FAILED_TOAST,
  SignOutActionProvider,
  type AfterSignOutStep,
  type BeforeSignOutStep,
  type SignOutResult,
} from '../../data/auth';
import { clearUserNotes, oweDeviceClear, settleDeviceClear, useNotesSession } from '../../data/notes';
import { SHARED_FILES_DB } from '../../lib/device-keys';
import { readStoredSession } from '../../lib/supabase';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { useExplicitSignOutClient } from './auth-provider';
import { useNotesDevice } from './notes-provider';
import { SignOutQuestion } from './sign-out-question';

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

export function SignOutProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<Question | null>(null);
  const session = useNotesSession();
  const device = useNotesDevice();
  const explicitSignOutClient = useExplicitSignOutClient();
  const latest = useRef({ session, device });
  useEffect(() => {
    latest.current = { session, device };
  }, [session, device]);

  const signOut = useCallback(async (): Promise<SignOutResult> => {
    // The question may follow the sync: have it ready by then.
    void preloadConfirmDialog();
    const syncFirst: BeforeSignOutStep = async ({ userId }) => {
      if (!userId) return true;
      const { session, device } = latest.current;
      const { unsynced } =
        session?.userId === userId
          ? await session.syncBeforeSignOut()
          : { unsynced: await device.store.countUnsynced(userId) };
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
    };
    // Owed from before the session ends, so that a clear cut short by the page going away (/login shows
    // while it runs) is finished before this browser's next session starts (owed-clears.ts).
    const oweClear: BeforeSignOutStep = ({ userId }) => {
      if (userId) oweDeviceClear(userId);
      return true;
    };
    // Only after the user's own Sign out, never when a session just ended.
    const clearNotes: AfterSignOutStep = async ({ userId }) => {
      if (!userId) return;
      const { session, device } = latest.current;
      try {
        if (session?.userId === userId) await session.clearDevice();
        else await clearUserNotes(device.store, userId);
        // Files shared into Sprout and not yet imported are not left for the next person on this device.
        indexedDB.deleteDatabase(SHARED_FILES_DB);
      } finally {
        // Done, or failed in this page, whose later sessions would otherwise be held back by it.
        settleDeviceClear(userId);
      }
    };
    let auth;
    try {
      auth = await explicitSignOutClient();
    } catch (error) {
      console.error('Sign out failed:', error);
      toast(SIGN_OUT_FAILED_TOAST);
      return 'failed';
    }
    const userId = readStoredSession()?.user.id ?? null;
    const result = await performSignOut(auth, {
      context: { userId },
      hasStoredSession: () => readStoredSession() !== null,
      before: [syncFirst, oweClear],
      after: [clearNotes],
    });
    // Still signed in: the device keeps its copy.
    if (result === 'failed' && userId) settleDeviceClear(userId);
    return result;
  }, [explicitSignOutClient]);

  return (
    <SignOutActionProvider signOut={signOut}>
      {children}
      <SignOutQuestion
        open={question !== null}
        description={question ? unsyncedQuestion(question.count) : ''}
        onAnswer={(signOut) => question?.answer(signOut)}
      />
    </SignOutActionProvider>
  );
}
