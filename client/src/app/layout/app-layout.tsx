// The shared layout of the signed-in screens (spec section 2): a sidebar on desktop; on mobile a top
// bar with a slide-in sidebar and a bottom tab bar. /new hides the sidebar below the large breakpoint.
// The command palette and the keyboard shortcuts (features/palette) cover every screen of the layout.
// The slide-in sidebar's sheet loads when its toggle is first about to be used (issue 10). Only the half
// of the layout the screen's width shows is rendered: on a phone the desktop sidebar (with its queries
// of Recent Ideas and waiting changes) was a third of the first render's components, all hidden by CSS.
import { useId, useRef, useState } from 'react';
import { Outlet, useMatch, useMatches } from 'react-router';
import { useContentShown } from '../../lib/first-content';
import { focusNoteSearchField, NOTE_SEARCH_FIELD_ID } from '../../lib/search-field';
import { lazyWithPreload, useOpenedOnce } from '../../lib/lazy-with-preload';
import { useMediaQuery } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';
import type { RouteHandle } from '../route-handle';
import { PaletteProvider } from '../../features/palette';
import { SweepOpenCaptures } from '../../features/notes';
import { LaterReminders } from '../../features/today';
import { BottomTabBar } from './bottom-tab-bar';
import { MobileTopBar } from './mobile-top-bar';
import { SidebarContent } from './sidebar';

const MobileMenuSheet = lazyWithPreload(() => import('./mobile-menu-sheet').then((m) => m.MobileMenuSheet));

export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuMounted = useOpenedOnce(menuOpen);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // The creation flow needs the room: its sidebar is an overlay until the large breakpoint.
  const compact = useMatch('/new') !== null;
  const closeMenu = () => setMenuOpen(false);
  // The CSS below still decides what shows; this only skips rendering what it would hide (both where the
  // width is unknown).
  const mdUp = useMediaQuery('(min-width: 48rem)');
  const lgUp = useMediaQuery('(min-width: 64rem)');
  const wide = compact ? lgUp : mdUp;
  // A screen without notes is shown once it renders; a screen of notes says so itself, once it has them.
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  const showsNotes = handles.some((handle) => handle?.showsNotes === true);
  const ownBottomBar = handles.some((handle) => handle?.ownBottomBar === true);
  const onDashboard = useMatch('/');
  const onChecklists = useMatch('/checklists');
  const hasSearch = Boolean(onDashboard ?? onChecklists);
  useContentShown(!showsNotes);

  return (
    <PaletteProvider>
      <div className="min-h-svh bg-background">
        <a
          href="#main-content"
          className="fixed top-2 left-2 z-[60] -translate-y-16 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg transition-transform outline-none focus-visible:translate-y-0 focus-visible:ring-2 focus-visible:ring-ring"
        >
          Skip to main content
        </a>
        {/* The lists' search sits below the sidebar's links and tags: one key away instead of twenty (issue 33). */}
        {hasSearch && (
          <a
            href={`#${NOTE_SEARCH_FIELD_ID}`}
            onClick={(event) => {
              if (focusNoteSearchField()) event.preventDefault();
            }}
            className="fixed top-2 left-2 z-[60] -translate-y-16 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg transition-transform outline-none focus-visible:translate-y-0 focus-visible:ring-2 focus-visible:ring-ring"
          >
            Skip to search
          </a>
        )}

        <aside
          aria-label="Sidebar"
          className={cn('fixed inset-y-0 left-0 z-30 hidden w-64 border-r', compact ? 'lg:block' : 'md:block')}
        >
          {wide !== false && <SidebarContent />}
        </aside>

        {wide !== true && (
          <MobileTopBar
            hiddenFrom={compact ? 'lg' : 'md'}
            menu={{
              open: menuOpen,
              sheetId: menuId,
              onToggle: () => setMenuOpen((open) => !open),
              preload: MobileMenuSheet.preload,
            }}
            menuRef={menuToggle}
          />
        )}
        {menuMounted && (
          <MobileMenuSheet open={menuOpen} onOpenChange={setMenuOpen} id={menuId} toggle={menuToggle}>
            <SidebarContent onNavigate={closeMenu} />
          </MobileMenuSheet>
        )}

        <div className={cn('flex min-h-svh flex-col', compact ? 'lg:pl-64' : 'md:pl-64')}>
          <main
            id="main-content"
            tabIndex={-1}
            className={cn(
              'flex flex-1 flex-col outline-none md:pb-0',
              ownBottomBar ? 'pb-[env(safe-area-inset-bottom)]' : 'pb-[calc(4rem+env(safe-area-inset-bottom)+1.5rem)]',
            )}
          >
            <Outlet />
          </main>
        </div>

        {mdUp !== true && !ownBottomBar && <BottomTabBar />}
        {/* Items' reminders while the app is open (issue 35), in one tab of the user's. */}
        <LaterReminders />
        <SweepOpenCaptures />
      </div>
    </PaletteProvider>
  );
}
