// Light/dark theme rules (spec section 4): a stored 'theme' wins, else the system preference, else
// light. Kept in step with the inline script in index.html that applies it before the first paint.
import { DEVICE_KEYS, readText, writeText } from './device-keys';

export type Theme = 'light' | 'dark';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The theme to start with, from the stored value and whether the system prefers dark. */
export function resolveInitialTheme(stored: string | null | undefined, systemPrefersDark: boolean): Theme {
  if (isTheme(stored)) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

export function readStoredTheme(): string | null {
  return readText(DEVICE_KEYS.theme);
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies the theme to the document root: the `dark` class and the native colour scheme. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Remembers the choice; without storage it lasts for this visit only. */
export function storeTheme(theme: Theme): void {
  writeText(DEVICE_KEYS.theme, theme);
}
