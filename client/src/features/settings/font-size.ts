// The Font Size setting (Settings > Appearance; spec: small, medium, large, default medium, local only).
// It sets `data-font-size` on <html>, which index.css turns into a root font size that every rem-based
// size follows; index.html's inline script applies the stored value before the first paint.
import { DEVICE_KEYS, deviceStorage, readText, removeKey, writeText, type StorageLike } from '../../lib/device-storage';

export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

export const DEFAULT_FONT_SIZE: FontSize = 'medium';

export const FONT_SIZE_OPTIONS: readonly { value: FontSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

export function isFontSize(value: unknown): value is FontSize {
  return typeof value === 'string' && (FONT_SIZES as readonly string[]).includes(value);
}

export function readFontSize(storage: StorageLike | null = deviceStorage()): FontSize {
  const value = readText(DEVICE_KEYS.fontSize, storage);
  return isFontSize(value) ? value : DEFAULT_FONT_SIZE;
}

/** Sets the size on the document root: `data-font-size` for small and large, none for medium. */
export function applyFontSize(size: FontSize, root: HTMLElement = document.documentElement): void {
  if (size === DEFAULT_FONT_SIZE) delete root.dataset.fontSize;
  else root.dataset.fontSize = size;
}

/** Remembers the size on this device (medium, the default, is stored by removing the key); without storage it lasts for this visit. */
export function storeFontSize(size: FontSize, storage: StorageLike | null = deviceStorage()): void {
  if (size === DEFAULT_FONT_SIZE) removeKey(DEVICE_KEYS.fontSize, storage);
  else writeText(DEVICE_KEYS.fontSize, size, storage);
}
