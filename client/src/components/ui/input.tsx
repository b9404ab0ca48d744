// Single-line text input with the app's focus ring and invalid state.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** `height` and `textSize` are the utilities callers change; `className` only adds what the input lacks. */
export function Input({
  className,
  type,
  height = 'h-9',
  textSize = 'text-base md:text-sm',
  ...props
}: Omit<ComponentProps<'input'>, 'height'> & { height?: 'h-9' | 'h-10'; textSize?: string }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 shadow-xs transition-[color,box-shadow] outline-none',
        height,
        textSize,
        'placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground',
        'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted/60',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    />
  );
}
