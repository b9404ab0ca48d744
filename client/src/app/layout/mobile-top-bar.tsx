// Mobile top bar (spec section 2): menu toggle for the slide-in sidebar, the title, Offline and the
// changes waiting (issue 12), the theme toggle.
// Render it inside the <Sheet> of the slide-in sidebar: the toggle is that sheet's trigger, so Radix
// sets aria-expanded / aria-controls and returns focus to it when the sheet closes.
import { Menu, Search } from 'lucide-react';
import { Link } from 'react-router';
import { SproutLogo } from '../../components/sprout-logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { SheetTrigger } from '../../components/ui/sheet';
import { cn } from '../../lib/utils';
import { MobileSyncStatus } from './mobile-sync-status';
import { usePalette } from '../../features/palette';

/** @param hiddenFrom breakpoint from which the persistent sidebar replaces this bar */
export function MobileTopBar({ hiddenFrom }: { hiddenFrom: 'md' | 'lg' }) {
  const { openPalette } = usePalette();
  return (
    <header
      className={cn(
        'sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-2 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-background/80',
        hiddenFrom === 'md' ? 'md:hidden' : 'lg:hidden',
      )}
    >
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
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
