// Loading indicator: a spinning icon announced to assistive technology as a status.
import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ className, label = 'Loading', ...props }: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircle role="status" aria-label={label} className={cn('size-4 animate-spin', className)} {...props} />
  );
}

/** The centred spinner shown while a screen or the session loads. */
export function FullPageSpinner({ className }: { className?: string }) {
  return (
    <div className={cn('flex min-h-[50vh] w-full flex-1 items-center justify-center p-6', className)}>
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
