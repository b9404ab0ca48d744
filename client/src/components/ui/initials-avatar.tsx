// A round avatar of initials, with no image: the same markup and styles as <Avatar><AvatarFallback>
// (avatar.tsx), without Radix Avatar's image loading, for the places that never show a picture (the
// sidebar on every signed-in screen, the chat). `className` gives the size (e.g. `size-8`).
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const AVATAR_ROOT = 'relative flex shrink-0 overflow-hidden rounded-full';
export const AVATAR_FALLBACK = 'flex size-full items-center justify-center rounded-full font-semibold';
export const FALLBACK_TONES = {
  accent: 'bg-accent text-accent-foreground',
  primary: 'bg-primary text-primary-foreground',
};

export function InitialsAvatar({
  className,
  tone = 'accent',
  textSize = 'text-xs',
  children,
  ...props
}: ComponentProps<'span'> & { className: string; tone?: keyof typeof FALLBACK_TONES; textSize?: string }) {
  return (
    <span data-slot="avatar" className={cn(AVATAR_ROOT, className)} {...props}>
      <span data-slot="avatar-fallback" className={cn(AVATAR_FALLBACK, FALLBACK_TONES[tone], textSize)}>
        {children}
      </span>
    </span>
  );
}
