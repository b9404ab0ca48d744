// The Sprout mark (the app icon's shape), decorative: pair it with the visible name.
import { cn } from '../lib/utils';

/** `className` gives the size (and the corner radius that suits it): the mark has no size of its own. */
export function SproutLogo({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="16" fill="#15803d" />
      <path d="M32 52V30" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 32c0-9 6-15 16-15 0 10-6 16-16 15Z" fill="#fff" />
      <path d="M32 36c0-8-5-13-14-13 0 8 5 14 14 13Z" fill="#dcfce7" />
    </svg>
  );
}
