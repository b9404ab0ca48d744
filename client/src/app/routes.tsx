// The route table (spec section 2), every screen loaded lazily. To plug in a real screen, change its
// one line in `pages` below to import it, e.g.
//   dashboard: () => import('../features/notes/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth';
import { FullPageSpinner } from '../components/ui/spinner';
import { RouteErrorPage } from './route-error-page';
import { RootRoute } from './root-route';
import type { RouteHandle } from './route-handle';

type LazyPage = NonNullable<RouteObject['lazy']>;

export const pages = {
  login: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  apiSetup: () =>
    Promise.all([import('../features/api-setup/api-setup-page'), import('./providers/query-provider')]).then(([m, q]) => ({
      Component: q.withServerState(m.ApiSetupPage),
    })),
  dashboard: () => import('../features/notes/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  newIdea: () => import('../features/ai/creation/new-idea-page').then((m) => ({ Component: m.NewIdeaPage })),
  editNote: () => import('../features/notes/edit-note-page').then((m) => ({ Component: m.EditNotePage })),
  // /view/:id and /note/:id are the same screen (spec: both paths are seen).
  noteView: () => import('../features/notes/note-view-page').then((m) => ({ Component: m.NoteViewPage })),
  chat: () => import('../features/ai/chat/chat-page').then((m) => ({ Component: m.ChatPage })),
  checklists: () => import('../features/notes/checklists-page').then((m) => ({ Component: m.ChecklistsPage })),
  settings: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  profile: () => import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  notFound: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  // The signed-in screens' layout, with the notes, Sign out and tooltips that only they use.
  layout: () => import('./signed-in-app').then((m) => ({ Component: m.SignedInApp })),
} satisfies Record<string, LazyPage>;

const handle = (title: string): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => <FullPageSpinner minHeight="min-h-svh" />,
    children: [
      { id: 'login', path: 'login', lazy: pages.login, handle: handle('Login') },
      { id: 'api-setup', path: 'api-setup', lazy: pages.apiSetup, handle: handle('API Configuration') },
      {
        id: 'protected',
        Component: RequireAuth,
        children: [
          {
            id: 'layout',
            lazy: pages.layout,
            children: [
              { id: 'dashboard', index: true, lazy: pages.dashboard, handle: handle('Your Notes') },
              { id: 'dashboard-redirect', path: 'dashboard', element: <Navigate to="/" replace /> },
              { id: 'new', path: 'new', lazy: pages.newIdea, handle: handle('New Idea') },
              { id: 'edit', path: 'edit/:id', lazy: pages.editNote, handle: handle('Edit Note') },
              { id: 'view', path: 'view/:id', lazy: pages.noteView, handle: handle('Note') },
              { id: 'note', path: 'note/:id', lazy: pages.noteView, handle: handle('Note') },
              { id: 'chat', path: 'chat', lazy: pages.chat, handle: handle('AI Chat') },
              { id: 'checklists', path: 'checklists', lazy: pages.checklists, handle: handle('Your Checklists') },
              { id: 'settings', path: 'settings', lazy: pages.settings, handle: handle('Settings') },
              { id: 'profile', path: 'profile', lazy: pages.profile, handle: handle('Profile Settings') },
            ],
          },
        ],
      },
      { id: 'not-found', path: '*', lazy: pages.notFound, handle: handle('Page not found') },
    ],
  },
];
