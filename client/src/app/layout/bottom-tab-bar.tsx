// Mobile bottom tab bar (spec section 2): below 768 px, 64 px high, five entries, New as a
// highlighted round button, and an animated indicator on the active tab: a CSS transition (the old
// tab's bar shrinks away as the new one's grows), none with reduced motion. The 64 px include the top
// border; the safe-area inset (home indicator) comes on top. New opens a small menu (issue 12): Quick
// note, New checklist, Expand an idea with the assistant.
import { NavLink, useMatch } from 'react-router';
import { cn } from '../../lib/utils';
import { NewMenu } from '../../features/notes';
import { BOTTOM_TABS, type TabItem } from './nav-items';

const tabClass =
  'group relative flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';

function RoundNewButton({ item }: { item: TabItem }) {
  const onNew = useMatch('/new') !== null;
  const Icon = item.icon;
  return (
    <NewMenu className={cn(tabClass, onNew ? 'text-primary' : 'text-muted-foreground hover:text-foreground')}>
      <span
        className={cn(
          'flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-md shadow-primary/30 transition-transform group-active:scale-95',
          onNew && 'ring-4 ring-primary/25',
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="sr-only">{item.label}</span>
    </NewMenu>
  );
}

export function BottomTabBar() {
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 h-[calc(4rem+env(safe-area-inset-bottom))] border-t bg-background/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-1px_12px_rgb(0_0_0/0.04)] backdrop-blur supports-[backdrop-filter]:bg-background/80 md:hidden"
    >
      <ul className="mx-auto grid h-full max-w-lg grid-cols-5">
        {BOTTOM_TABS.map((item) => (
          <li key={item.to} className="flex">
            {item.primary ? (
              <RoundNewButton item={item} />
            ) : (
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn(tabClass, isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground')
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      data-testid={isActive ? 'bottom-tab-indicator' : undefined}
                      aria-hidden="true"
                      className={cn(
                        'absolute top-0 h-[3px] w-10 rounded-b-full bg-primary transition-[transform,opacity] duration-300 ease-out motion-reduce:transition-none',
                        isActive ? 'scale-x-100 opacity-100' : 'scale-x-0 opacity-0',
                      )}
                    />
                    <item.icon aria-hidden="true" className="size-5" />
                    <span>{item.label}</span>
                  </>
                )}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
