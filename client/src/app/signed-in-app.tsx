// The signed-in part of the app, loaded with the first protected screen so that /login carries none of
// it (issue 10): this device's notes and their sync, Sign out with its question, tooltips, around the
// layout of the signed-in screens. Server state other than notes comes with the screens that read it
// (lib/query-provider.tsx).
import { useState } from 'react';
import { useMatches } from 'react-router';
import { normalizeTag } from '#core/tags';
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
  // A list filtered by a tag (issue 33) is read ahead as well, filtered. Read once from the address the app
  // started on, not from the router: a search's URL writes would re-render everything below.
  const [firstTag] = useState(() => {
    const tag = new URLSearchParams(location.search).get('tag');
    return tag ? normalizeTag(tag) : null;
  });
  return (
    <NotesProvider firstList={firstList?.notesList} firstTag={firstTag}>
      <SignOutProvider>
        <TooltipProvider>
          <AppLayout />
        </TooltipProvider>
      </SignOutProvider>
    </NotesProvider>
  );
}
