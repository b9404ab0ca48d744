// Small status label (e.g. 'Checklist', '3 changes waiting').
import type { ComponentProps } from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/utils';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-md border px-2 py-0.5 text-xs whitespace-nowrap transition-[color,box-shadow] focus-visible:ring-2 focus-visible:ring-ring outline-none [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        /** Every outline badge gives its own text (and border) colour in `className`. */
        outline: '',
        success: 'border-transparent bg-primary/12 text-accent-foreground',
      },
      weight: { medium: 'font-medium', normal: 'font-normal' },
    },
    defaultVariants: { variant: 'default', weight: 'medium' },
  },
);

export function Badge({
  className,
  variant,
  weight,
  asChild = false,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot : 'span';
  return <Component data-slot="badge" className={cn(badgeVariants({ variant, weight }), className)} {...props} />;
}
