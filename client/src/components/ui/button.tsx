// Button primitive (shadcn-style): variants and sizes, `asChild` to render a link or other element.
import type { ComponentProps } from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/utils';

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center font-medium transition-[color,background-color,border-color,box-shadow] outline-none select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        /** Ghost whose caller gives the text colours, hover included. */
        'ghost-plain': 'hover:bg-accent',
        'ghost-destructive': 'hover:bg-destructive/10 hover:text-destructive',
        'outline-destructive':
          'border border-input bg-background shadow-xs hover:bg-destructive/10 hover:text-destructive',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      // Each size has its own gap, text size and wrapping (not the base's), so that no button gets two.
      size: {
        default: 'h-9 gap-2 px-4 py-2 text-sm whitespace-nowrap has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 px-3 text-xs whitespace-nowrap has-[>svg]:px-2.5',
        lg: 'h-10 gap-2 px-6 text-sm whitespace-nowrap has-[>svg]:px-4',
        icon: 'size-9 gap-2 text-sm whitespace-nowrap',
        'icon-sm': 'size-8 gap-2 text-sm whitespace-nowrap',
        'icon-lg': 'size-10 gap-2 text-sm whitespace-nowrap',
        /** A tall tile: an icon above a label that may wrap. */
        tile: 'h-auto flex-col gap-1.5 px-4 py-3 text-sm whitespace-normal has-[>svg]:px-3',
      },
      align: { center: 'justify-center', start: 'justify-start' },
      shape: { default: 'rounded-md', pill: 'rounded-full' },
    },
    defaultVariants: { variant: 'default', size: 'default', align: 'center', shape: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a router Link) with the button's styles instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, align, shape, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      data-slot="button"
      // A plain <button> inside a form would submit it by default; make submitting explicit.
      type={asChild ? type : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size, align, shape }), className)}
      {...props}
    />
  );
}
