// An empty screen's message: a large soft icon, the text (a heading, so a screen reader's list of headings
// finds it, as the Trash's does) and an optional action.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/utils';
import { CONTENT_TIMING } from '../../lib/first-content';

export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed bg-card/40 px-6 py-16 text-center',
        className,
      )}
    >
      <span className="relative flex size-20 items-center justify-center">
        <span aria-hidden="true" className="absolute inset-0 rounded-full bg-primary/10" />
        <span aria-hidden="true" className="absolute inset-3 rounded-full bg-primary/15" />
        <Icon aria-hidden="true" className="relative size-8 text-primary" />
      </span>
      <h2 elementtiming={CONTENT_TIMING} className="mt-5 text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </div>
  );
}
