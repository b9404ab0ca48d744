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

/** The class on the root while a theme is applied: no transition runs (index.css). */
const THEME_SWITCHING_CLASS = 'theme-switching';

/**
 * Applies the theme to the document root: the `dark` class and the native colour scheme. A switch is
 * instant: every button, link and card has a colour transition for its hover, and a theme switch started
 * them all at once (about 190 on a dashboard), so the page faded over 150 ms, element by element, and each
 * frame of it restyled them all. The new colours are computed with transitions off (a forced layout
 * computes every element's style), then transitions are back, with nothing left to animate.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const switching = root.classList.contains('dark') !== (theme === 'dark');
  if (switching) root.classList.add(THEME_SWITCHING_CLASS);
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  if (!switching) return;
  void root.offsetHeight;
  root.classList.remove(THEME_SWITCHING_CLASS);
}

/** Remembers the choice; without storage it lasts for this visit only. */
export function storeTheme(theme: Theme): void {
  writeText(DEVICE_KEYS.theme, theme);
}
