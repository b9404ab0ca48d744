// The application root: the providers around the router (theme, auth), plus the toaster. What only
// some screens need comes with them: server state (lib/query-provider.tsx) with the screens that read it,
// notes, Sign out and tooltips with the signed-in app (signed-in-app.tsx).
import { RouterProvider } from 'react-router/dom';
import { ThemeProvider } from '../lib/theme-provider';
import { AppToaster } from './app-toaster';
import { AuthProvider } from './providers/auth-provider';
import { installPreloadErrorReload } from './reload-on-preload-error';
import { router } from './router';

installPreloadErrorReload();

export function App() {
  return (
    <ThemeProvider>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <AppToaster />
    </ThemeProvider>
  );
}
