// Pulsing placeholder shown while content loads.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** `rounded` is the corner radius utility. */
export function Skeleton({
  className,
  rounded = 'rounded-md',
  ...props
}: ComponentProps<'div'> & { rounded?: 'rounded-md' | 'rounded-full' | 'rounded-2xl' }) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse bg-muted', rounded, className)}
      {...props}
    />
  );
}
