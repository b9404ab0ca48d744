// Form label (Radix Label: clicking it focuses the control).
import type { ComponentProps } from 'react';
import * as LabelPrimitive from '@radix-ui/react-label';
import { cn } from '../../lib/utils';

/** `text` is the text size and line height (a setting row's label keeps the size's own line height). */
export function Label({
  className,
  text = 'text-sm leading-none',
  ...props
}: ComponentProps<typeof LabelPrimitive.Root> & { text?: 'text-sm leading-none' | 'text-sm' }) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'flex items-center gap-2 font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50 group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50',
        text,
        className,
      )}
      {...props}
    />
  );
}
