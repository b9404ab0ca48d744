// The application root: the providers around the router (theme; server state; auth; the signed-in
// user's notes; Sign out, which needs both; tooltips), plus the toaster.
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { ThemeProvider } from '../lib/theme-provider';
import { AuthProvider } from './providers/auth-provider';
import { NotesProvider } from './providers/notes-provider';
import { QueryProvider } from './providers/query-provider';
import { SignOutProvider } from './providers/sign-out-provider';
import { installPreloadErrorReload } from './reload-on-preload-error';
import { router } from './router';

installPreloadErrorReload();

export function App() {
  return (
    <ThemeProvider>
      <QueryProvider>
        <AuthProvider>
          <NotesProvider>
            <SignOutProvider>
              <TooltipProvider>
                <RouterProvider router={router} />
              </TooltipProvider>
            </SignOutProvider>
          </NotesProvider>
        </AuthProvider>
      </QueryProvider>
      <Toaster />
    </ThemeProvider>
  );
}
