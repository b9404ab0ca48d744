// The Font Size setting (Settings > Appearance; spec: small, medium, large, default medium, local only).
// It sets `data-font-size` on <html>, which index.css turns into a root font size that every rem-based
// size follows; index.html's inline script applies the stored value before the first paint.
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

export const DEFAULT_FONT_SIZE: FontSize = 'medium';
/** Read by index.html's inline script too: keep the name. */
export const FONT_SIZE_STORAGE_KEY = 'sprout.fontSize';

export const FONT_SIZE_OPTIONS: readonly { value: FontSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function isFontSize(value: unknown): value is FontSize {
  return typeof value === 'string' && (FONT_SIZES as readonly string[]).includes(value);
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readFontSize(storage: StorageLike | null = defaultStorage()): FontSize {
  try {
    const value = storage?.getItem(FONT_SIZE_STORAGE_KEY);
    return isFontSize(value) ? value : DEFAULT_FONT_SIZE;
  } catch {
    return DEFAULT_FONT_SIZE;
  }
}

/** Sets the size on the document root: `data-font-size` for small and large, none for medium. */
export function applyFontSize(size: FontSize, root: HTMLElement = document.documentElement): void {
  if (size === DEFAULT_FONT_SIZE) delete root.dataset.fontSize;
  else root.dataset.fontSize = size;
}

/** Remembers the size on this device (medium, the default, is stored by removing the key). */
export function storeFontSize(size: FontSize, storage: StorageLike | null = defaultStorage()): void {
  try {
    if (size === DEFAULT_FONT_SIZE) storage?.removeItem(FONT_SIZE_STORAGE_KEY);
    else storage?.setItem(FONT_SIZE_STORAGE_KEY, size);
  } catch {
    // Storage unavailable: the size lasts for this visit only.
  }
}
