// The route table (spec section 2), every screen loaded lazily. To plug in a real screen, change its
// one line in `pages` below to import it, e.g.
//   dashboard: () => import('../features/notes/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { NotesKind } from '../data/notes';
import { RequireAuth } from '../features/auth/require-auth';
import { FullPageSpinner } from '../components/ui/spinner';
import { RouteErrorPage } from './route-error-page';
import { RootRoute } from './root-route';
import type { RouteHandle } from './route-handle';

type LazyPage = NonNullable<RouteObject['lazy']>;

/**
 * A screen that reads server state other than notes (lib/query-provider.tsx), inside the page's
 * QueryClient; TanStack Query loads beside the screen's own code.
 */
function screenWithServerState(screen: Promise<ComponentType>): Promise<{ Component: ComponentType }> {
  return Promise.all([screen, import('../lib/query-provider')]).then(([Screen, q]) => ({
    Component: q.withServerState(Screen),
  }));
}

export const pages = {
  login: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  apiSetup: () => screenWithServerState(import('../features/api-setup/api-setup-page').then((m) => m.ApiSetupPage)),
  dashboard: () => import('../features/notes/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  newIdea: () => screenWithServerState(import('../features/ai/creation/new-idea-page').then((m) => m.NewIdeaPage)),
  editNote: () => screenWithServerState(import('../features/notes/edit-note-page').then((m) => m.EditNotePage)),
  // /view/:id and /note/:id are the same screen (spec: both paths are seen).
  noteView: () => screenWithServerState(import('../features/notes/note-view-page').then((m) => m.NoteViewPage)),
  chat: () => screenWithServerState(import('../features/ai/chat/chat-page').then((m) => m.ChatPage)),
  checklists: () => import('../features/notes/checklists-page').then((m) => ({ Component: m.ChecklistsPage })),
  today: () => import('../features/today/today-page').then((m) => ({ Component: m.TodayPage })),
  archive: () => import('../features/notes/archive-page').then((m) => ({ Component: m.ArchivePage })),
  // Server state: the user's Trash retention (user_metadata), which its dates are worded with.
  trash: () => screenWithServerState(import('../features/trash/trash-page').then((m) => m.TrashPage)),
  settings: () => screenWithServerState(import('../features/settings/settings-page').then((m) => m.SettingsPage)),
  profile: () => screenWithServerState(import('../features/profile/profile-page').then((m) => m.ProfilePage)),
  // The installed app's share target and shortcuts (vite.config.ts, the manifest).
  capture: () => import('../features/notes/quick-capture/capture-page').then((m) => ({ Component: m.CapturePage })),
  searchShortcut: () => import('../features/palette/search-page').then((m) => ({ Component: m.SearchShortcutPage })),
  notFound: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  // The signed-in screens' layout, with the notes, Sign out and tooltips that only they use.
  layout: () => import('./signed-in-app').then((m) => ({ Component: m.SignedInApp })),
} satisfies Record<string, LazyPage>;

const handle = (title: string): RouteHandle => ({ title });
/**
 * A screen of notes: it says itself when its notes are shown (lib/first-content.ts); a list screen names
 * the kind of notes it lists, whose first page a start reads ahead.
 */
const notesHandle = (title: string, list?: NotesKind): RouteHandle => ({
  title,
  showsNotes: true,
  ...(list && { notesList: list }),
});

/** A note's screen: on a phone its own bar of actions takes the tab bar's place. */
const noteScreenHandle: RouteHandle = { ...notesHandle('Note'), ownBottomBar: true };

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
              { id: 'dashboard', index: true, lazy: pages.dashboard, handle: notesHandle('Your Notes', 'all') },
              { id: 'dashboard-redirect', path: 'dashboard', element: <Navigate to="/" replace /> },
              { id: 'new', path: 'new', lazy: pages.newIdea, handle: handle('New Idea') },
              { id: 'edit', path: 'edit/:id', lazy: pages.editNote, handle: notesHandle('Edit Note') },
              { id: 'view', path: 'view/:id', lazy: pages.noteView, handle: noteScreenHandle },
              { id: 'note', path: 'note/:id', lazy: pages.noteView, handle: noteScreenHandle },
              { id: 'chat', path: 'chat', lazy: pages.chat, handle: handle('AI Chat') },
              {
                id: 'checklists',
                path: 'checklists',
                lazy: pages.checklists,
                handle: notesHandle('Your Checklists', 'checklists'),
              },
              { id: 'today', path: 'today', lazy: pages.today, handle: notesHandle('Today') },
              { id: 'archive', path: 'archive', lazy: pages.archive, handle: notesHandle('Archive') },
              { id: 'trash', path: 'trash', lazy: pages.trash, handle: notesHandle('Trash') },
              { id: 'settings', path: 'settings', lazy: pages.settings, handle: handle('Settings') },
              { id: 'profile', path: 'profile', lazy: pages.profile, handle: handle('Profile Settings') },
              { id: 'capture', path: 'capture', lazy: pages.capture, handle: handle('Quick note') },
              { id: 'search', path: 'search', lazy: pages.searchShortcut, handle: handle('Your Notes') },
            ],
          },
        ],
      },
      { id: 'not-found', path: '*', lazy: pages.notFound, handle: handle('Page not found') },
    ],
  },
];
