// The application root: theme, auth and tooltip providers around the router, plus the toaster.
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { AuthProvider } from '../features/auth/auth-provider';
import { ThemeProvider } from '../lib/theme-provider';
import { NotesSyncBridge } from './notes-sync-bridge';
import { installPreloadErrorReload } from './reload-on-preload-error';
import { router } from './router';
import { SignOutGuard } from './sign-out-guard';

installPreloadErrorReload();

export function App() {
  return (
    <ThemeProvider>
      <AuthProvider>
        <NotesSyncBridge />
        <SignOutGuard />
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </AuthProvider>
      <Toaster />
    </ThemeProvider>
  );
}
