// The sidebar's content, shared by the desktop column and the mobile slide-in sheet.
import { Link, NavLink } from 'react-router';
import { Plus, Search } from 'lucide-react';
import { SproutLogo } from '../../components/sprout-logo';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { QuickCaptureButtons } from '../../features/notes';
import { usePalette } from '../../features/palette';
import { SIDEBAR_LINKS } from './nav-items';
import { RecentIdeas } from './recent-ideas';
import { SidebarTags } from './sidebar-tags';
import { SidebarFooter } from './sidebar-footer';
import { useLayoutNotes } from './use-layout-notes';

/** @param onNavigate called when a link is followed (the mobile sheet closes then). */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { recentIdeas, pendingCount, sync } = useLayoutNotes();
  const { openPalette, paletteHint } = usePalette();
  return (
    <div className="flex h-full min-h-0 flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-14 shrink-0 items-center px-5">
        <Link
          to="/"
          onClick={onNavigate}
          className="flex items-center gap-2.5 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <SproutLogo className="size-7 rounded-[0.45rem]" />
          Sprout
        </Link>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto pt-2 pb-4">
        <div className="grid gap-1 px-3">
          <Button asChild align="start" className="w-full">
            <Link to="/new" onClick={onNavigate}>
              <Plus aria-hidden="true" />
              New Idea
            </Link>
          </Button>
          <QuickCaptureButtons
            onCapture={onNavigate}
            variant="ghost"
            size="sm"
            className="grid gap-0.5"
            align="start"
            buttonClassName="text-sidebar-foreground/80"
          />
          <Button
            variant="ghost"
            size="sm"
            align="start"
            className="text-sidebar-foreground/80"
            onClick={() => {
              onNavigate?.();
              openPalette();
            }}
          >
            <Search aria-hidden="true" />
            Search and commands
            <kbd
              aria-hidden="true"
              className="ml-auto rounded border bg-background px-1.5 font-mono text-[11px] leading-5"
            >
              {paletteHint}
            </kbd>
          </Button>
        </div>
        <nav aria-label="Main" className="px-3">
          <ul className="grid gap-0.5">
            {SIDEBAR_LINKS.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-2.5 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                      isActive
                        ? 'bg-accent text-accent-foreground'
                        : 'text-sidebar-foreground/80 hover:bg-accent/70 hover:text-accent-foreground',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <Icon
                        aria-hidden="true"
                        className={cn('size-4', isActive ? 'text-primary' : 'text-muted-foreground')}
                      />
                      {label}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SidebarTags onNavigate={onNavigate} />
        <RecentIdeas ideas={recentIdeas} onNavigate={onNavigate} />
      </div>
      <SidebarFooter pendingCount={pendingCount} sync={sync} />
    </div>
  );
}
