// Loading indicator: a spinning icon announced to assistive technology as a status.
import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

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

/** The centred spinner shown while a screen or the session loads: half the viewport high, or `minHeight`. */
export function FullPageSpinner({ minHeight = 'min-h-[50vh]' }: { minHeight?: 'min-h-[50vh]' | 'min-h-svh' }) {
  return (
    <div className={cn('flex w-full flex-1 items-center justify-center p-6', minHeight)}>
      <Spinner sizeClass="size-8" className="text-primary" />
    </div>
  );
}
