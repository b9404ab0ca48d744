// The signed-in part of the app, loaded with the first protected screen so that /login carries none of
// it (issue 10): this device's notes and their sync, Sign out with its question, tooltips, around the
// layout of the signed-in screens. Server state other than notes comes with the screens that read it
// (lib/query-provider.tsx).
import { useMatches } from 'react-router';
import { TooltipProvider } from '../components/ui/tooltip';
import { AppLayout } from './layout/app-layout';
import { NotesProvider } from './providers/notes-provider';
import { SignOutProvider } from './providers/sign-out-provider';
import type { RouteHandle } from './route-handle';

export function SignedInApp() {
  // The list the first screen shows, for the notes to read its first page ahead (issue 10).
  const firstList = useMatches().findLast((match) => (match.handle as RouteHandle | undefined)?.notesList)?.handle as
    | RouteHandle
    | undefined;
  return (
    <NotesProvider firstList={firstList?.notesList}>
      <SignOutProvider>
        <TooltipProvider>
          <AppLayout />
        </TooltipProvider>
      </SignOutProvider>
    </NotesProvider>
  );
}
