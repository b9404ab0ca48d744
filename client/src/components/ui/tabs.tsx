// Tabs: a segmented list of triggers and their panels, following the WAI-ARIA tabs pattern as Radix
// Tabs did (roles, ids, one tab in the tab order, arrow keys / Home / End move and select, only the
// selected panel mounted), in a few lines instead of Radix Tabs on /login's first load (docs/decisions.md,
// 'Our own tabs instead of Radix Tabs').
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { cn } from '../../lib/utils';

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  idOf: (part: 'trigger' | 'content', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be used inside <Tabs>`);
  return state;
}

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> {
  /** The selected tab (controlled). */
  value?: string;
  /** The tab selected at first (uncontrolled). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** The space between the list and the panel. */
  gap?: 'gap-2' | 'gap-4' | 'gap-6';
}

export function Tabs({ value, defaultValue, onValueChange, gap = 'gap-2', className, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const selected = value ?? own;
  const select = useCallback(
    (next: string) => {
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [value, onValueChange],
  );
  const idOf = useCallback((part: 'trigger' | 'content', tab: string) => `${baseId}-${part}-${tab}`, [baseId]);
  return (
    <TabsContext.Provider value={{ value: selected, select, idOf }}>
      <div
        data-slot="tabs"
        dir="ltr"
        data-orientation="horizontal"
        className={cn('flex flex-col', gap, className)}
        {...props}
      />
    </TabsContext.Provider>
  );
}

/** Arrow keys (wrapping), Home and End move focus to another enabled tab and select it. */
function onListKeyDown(event: KeyboardEvent<HTMLDivElement>, select: (value: string) => void): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(event.target as HTMLButtonElement);
  if (current === -1) return;
  const next =
    event.key === 'ArrowRight'
      ? (current + 1) % tabs.length
      : event.key === 'ArrowLeft'
        ? (current - 1 + tabs.length) % tabs.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? tabs.length - 1
            : -1;
  const tab = tabs[next];
  if (!tab) return;
  event.preventDefault();
  tab.focus();
  if (tab.dataset.value !== undefined) select(tab.dataset.value);
}

/**
 * `className` replaces the list's default box, `inline-flex h-9 w-fit` (display, height and width), so
 * a caller that sets one of them gives all three (e.g. `grid h-9 w-full grid-cols-2`).
 */
export function TabsList({ className = 'inline-flex h-9 w-fit', onKeyDown, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs('TabsList');
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn('items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) onListKeyDown(event, select);
      }}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
  /** The horizontal padding. */
  px?: string;
}

export function TabsTrigger({ value, px = 'px-3', className, disabled, onClick, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('trigger', value)}
      aria-selected={active}
      aria-controls={tabs.idOf('content', value)}
      data-state={active ? 'active' : 'inactive'}
      data-value={value}
      data-slot="tabs-trigger"
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent py-1 text-sm font-medium whitespace-nowrap text-muted-foreground transition-[color,box-shadow] outline-none',
        'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-card',
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        px,
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !active) tabs.select(value);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('content', value)}
      aria-labelledby={tabs.idOf('trigger', value)}
      data-state="active"
      data-slot="tabs-content"
      tabIndex={0}
      className={cn('flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    />
  );
}
