// The application root: theme, auth, the signed-in user's notes and tooltips around the router, plus the toaster.
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { AuthProvider } from '../features/auth/auth-provider';
import { ThemeProvider } from '../lib/theme-provider';
import { NotesProvider } from './providers/notes-provider';
import { installPreloadErrorReload } from './reload-on-preload-error';
import { router } from './router';
import { SignOutGuard } from './sign-out-guard';

installPreloadErrorReload();

export function App() {
  return (
    <ThemeProvider>
      <AuthProvider>
        <NotesProvider>
          <SignOutGuard />
          <TooltipProvider>
            <RouterProvider router={router} />
          </TooltipProvider>
        </NotesProvider>
      </AuthProvider>
      <Toaster />
    </ThemeProvider>
  );
}
