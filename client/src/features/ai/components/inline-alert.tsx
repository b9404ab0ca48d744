// A small alert box for the AI screens (offline, connection problems, validation): an icon, a title,
// optional text and actions. role=alert only for errors that need attention at once.
import type { ReactNode } from 'react';
import { CircleAlert, Info, WifiOff } from 'lucide-react';
import { cn } from '../../../lib/utils';

const ICONS = { error: CircleAlert, warning: CircleAlert, offline: WifiOff, info: Info } as const;

export function InlineAlert({
  tone,
  title,
  children,
  actions,
  className,
  live = tone === 'error',
}: {
  tone: keyof typeof ICONS;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** Announce at once (role=alert); otherwise a polite status. */
  live?: boolean;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      role={live ? 'alert' : 'status'}
      className={cn(
        'flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border px-3 py-2.5 text-sm',
        tone === 'error' && 'border-destructive/50 bg-destructive/5 text-foreground',
        tone === 'warning' && 'border-amber-500/50 bg-amber-500/10 text-foreground',
        (tone === 'offline' || tone === 'info') && 'border-border bg-muted/60 text-foreground',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          tone === 'error'
            ? 'text-destructive'
            : tone === 'warning'
              ? 'text-amber-600 dark:text-amber-400'
              : 'text-muted-foreground',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        {children && <div className="mt-0.5 text-muted-foreground">{children}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
