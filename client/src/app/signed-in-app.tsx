// The signed-in part of the app, loaded with the first protected screen so that /login carries none of
// it (issue 10): server state, this device's notes and their sync, Sign out with its question, tooltips, the server
// state listeners of the signed-in user, around the layout of the signed-in screens.
import { TooltipProvider } from '../components/ui/tooltip';
import { useAiPreferencesEvents } from '../data/ai-preferences';
import { AppLayout } from './layout/app-layout';
import { NotesProvider } from './providers/notes-provider';
import { QueryProvider } from './providers/query-provider';
import { SignOutProvider } from './providers/sign-out-provider';

/** The listeners that keep the user's server state current: offline preference saves, other tabs' saves. */
function ServerStateEvents() {
  useAiPreferencesEvents();
  return null;
}

export function SignedInApp() {
  return (
    <QueryProvider>
      <NotesProvider>
        <SignOutProvider>
          <TooltipProvider>
            <ServerStateEvents />
            <AppLayout />
          </TooltipProvider>
        </SignOutProvider>
      </NotesProvider>
    </QueryProvider>
  );
}
