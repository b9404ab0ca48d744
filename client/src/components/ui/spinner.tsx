// Loading indicator: a spinning icon announced to assistive technology as a status.
import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { usePageOlderThan } from '../../lib/use-page-older-than';
import { cn } from '../../lib/utils';

/**
 * How old the page is before a full-page spinner shows: a start's first screen and notes come within it on
 * most devices, and a spinning icon makes the compositor draw a frame every 16 ms while the start's own
 * work competes with it for a phone's cores (docs/decisions.md, 'No spinner in a start's first second').
 */
export const FULL_PAGE_SPINNER_AFTER_MS = 1000;

/** `sizeClass` is the icon's size utility: a separate prop so that `className` never holds a second one. */
export function Spinner({
  className,
  sizeClass = 'size-4',
  label = 'Loading',
  ...props
}: ComponentProps<'svg'> & { label?: string; sizeClass?: string }) {
  return (
    <LoaderCircle role="status" aria-label={label} className={cn(sizeClass, 'animate-spin', className)} {...props} />
  );
}

/**
 * The centred spinner shown while a screen or the session loads: half the viewport high, or `minHeight`.
 * Its place stays empty until the page is FULL_PAGE_SPINNER_AFTER_MS old.
 */
export function FullPageSpinner({ minHeight = 'min-h-[50vh]' }: { minHeight?: 'min-h-[50vh]' | 'min-h-svh' }) {
  const shown = usePageOlderThan(FULL_PAGE_SPINNER_AFTER_MS);
  return (
    <div className={cn('flex w-full flex-1 items-center justify-center p-6', minHeight)}>
      {shown && <Spinner sizeClass="size-8" className="text-primary" />}
    </div>
  );
}
