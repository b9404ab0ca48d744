// The shared layout of the signed-in screens (spec section 2): a sidebar on desktop; on mobile a top
// bar with a slide-in sidebar and a bottom tab bar. /new hides the sidebar below the large breakpoint.
// The command palette and the keyboard shortcuts (features/palette) cover every screen of the layout.
import { useState } from 'react';
import { Outlet, useMatch, useMatches } from 'react-router';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet';
import { useContentShown } from '../../lib/first-content';
import { cn } from '../../lib/utils';
import type { RouteHandle } from '../route-handle';
import { PaletteProvider } from '../../features/palette';
import { BottomTabBar } from './bottom-tab-bar';
import { MobileTopBar } from './mobile-top-bar';
import { SidebarContent } from './sidebar';

export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The creation flow needs the room: its sidebar is an overlay until the large breakpoint.
  const compact = useMatch('/new') !== null;
  const closeMenu = () => setMenuOpen(false);
  // A screen without notes is shown once it renders; a screen of notes says so itself, once it has them.
  const showsNotes = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.showsNotes === true);
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

        <aside
          aria-label="Sidebar"
          className={cn('fixed inset-y-0 left-0 z-30 hidden w-64 border-r', compact ? 'lg:block' : 'md:block')}
        >
          <SidebarContent />
        </aside>

        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <MobileTopBar hiddenFrom={compact ? 'lg' : 'md'} />
          <SheetContent side="left" width="w-72 max-w-[85vw] sm:max-w-sm" gap="gap-0" className="p-0">
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription className="sr-only">Navigation, recent ideas and account</SheetDescription>
            <SidebarContent onNavigate={closeMenu} />
          </SheetContent>
        </Sheet>

        <div className={cn('flex min-h-svh flex-col', compact ? 'lg:pl-64' : 'md:pl-64')}>
          <main
            id="main-content"
            tabIndex={-1}
            className="flex flex-1 flex-col pb-[calc(4rem+env(safe-area-inset-bottom)+1.5rem)] outline-none md:pb-0"
          >
            <Outlet />
          </main>
        </div>

        <BottomTabBar />
      </div>
    </PaletteProvider>
  );
}
