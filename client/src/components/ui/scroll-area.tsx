// Scrollable region with a slim scrollbar that shows while the pointer is over it (`scrollbar-slim` in
// index.css): the browser's own scrolling, styled as the Radix ScrollArea it replaced, without its
// script on every signed-in screen (issue 10). A label makes it a named region.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function ScrollArea({
  className,
  children,
  viewportLabel,
  ...props
}: ComponentProps<'div'> & {
  /** Accessible name of the scrollable region. */
  viewportLabel?: string;
}) {
  return (
    <div
      data-slot="scroll-area"
      aria-label={viewportLabel}
      role={viewportLabel ? 'region' : undefined}
      className={cn(
        'scrollbar-slim relative overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}
