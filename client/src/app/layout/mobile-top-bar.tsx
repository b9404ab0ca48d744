// Mobile top bar (spec section 2): menu toggle for the slide-in sidebar, the title, Offline and the
// changes waiting (issue 12), the theme toggle.
// The toggle opens the slide-in sidebar (mobile-menu-sheet.tsx, loaded lazily) and says so as a dialog
// trigger does: aria-haspopup, aria-expanded, aria-controls; the sheet gives focus back to it on close.
import type { RefObject } from 'react';
import { Menu, Search } from 'lucide-react';
import { Link } from 'react-router';
import { SproutLogo } from '../../components/sprout-logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { cn } from '../../lib/utils';
import { MobileSyncStatus } from './mobile-sync-status';
import { usePalette } from '../../features/palette';

export interface MenuToggle {
  open: boolean;
  /** The slide-in sidebar's id. */
  sheetId: string;
  onToggle: () => void;
  /** Starts loading the sheet, on the first sign that the toggle is about to be used. */
  preload: () => Promise<void>;
}

/**
 * @param hiddenFrom breakpoint from which the persistent sidebar replaces this bar
 * @param menu the slide-in sidebar's toggle, whose element `menuRef` receives
 */
export function MobileTopBar({
  hiddenFrom,
  menu,
  menuRef,
}: {
  hiddenFrom: 'md' | 'lg';
  menu: MenuToggle;
  menuRef: RefObject<HTMLButtonElement | null>;
}) {
  const { openPalette } = usePalette();
  return (
    <header
      className={cn(
        'sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-2 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-background/80',
        hiddenFrom === 'md' ? 'md:hidden' : 'lg:hidden',
      )}
    >
      <Button
        ref={menuRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={menu.open}
        aria-controls={menu.sheetId}
        data-state={menu.open ? 'open' : 'closed'}
        onClick={menu.onToggle}
        {...preloadOnIntent(menu.preload)}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      <Link
        to="/"
        className="flex items-center gap-2 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <SproutLogo className="size-6 rounded-[0.4rem]" />
        Sprout
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1">
        <MobileSyncStatus />
        <Button variant="ghost" size="icon" aria-label="Search and commands" onClick={openPalette}>
          <Search aria-hidden="true" className="size-5" />
        </Button>
        <ThemeToggle />
      </div>
    </header>
  );
}
