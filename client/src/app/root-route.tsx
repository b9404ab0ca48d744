// The root route: sets the document title from the deepest matched route's handle, shows a thin
// progress bar while a lazily loaded screen is on its way, then renders the matched route.
import { Outlet, useMatches, useNavigation } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import type { RouteHandle } from './route-handle';

function RouteTitle() {
  const matches = useMatches();
  let title: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
  }
  useDocumentTitle(title);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-progress-indeterminate rounded-full bg-primary" />
    </div>
  );
}

export function RootRoute() {
  return (
    <>
      {/* Before the Outlet, so a page's own useDocumentTitle (run later) wins. */}
      <RouteTitle />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
