// Round avatar (Radix): the image when it loads, else the fallback (initials). Without an image, use
// InitialsAvatar (initials-avatar.tsx): the same markup without Radix.
import type { ComponentProps } from 'react';
import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '../../lib/utils';
import { AVATAR_FALLBACK, AVATAR_ROOT, FALLBACK_TONES } from './initials-avatar';

/** `className` gives the size (e.g. `size-8`): the avatar has none of its own, so there is only one. */
export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root> & { className: string }) {
  return <AvatarPrimitive.Root data-slot="avatar" className={cn(AVATAR_ROOT, className)} {...props} />;
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

/** The colours come from `tone` and the text size from `textSize`, so `className` never repeats either. */
export function AvatarFallback({
  className,
  tone = 'accent',
  textSize = 'text-xs',
  ...props
}: ComponentProps<typeof AvatarPrimitive.Fallback> & { tone?: keyof typeof FALLBACK_TONES; textSize?: string }) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(AVATAR_FALLBACK, FALLBACK_TONES[tone], textSize, className)}
      {...props}
    />
  );
}
