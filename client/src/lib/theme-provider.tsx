// Holds the current theme for the app; toggling applies it to <html> and saves it under 'theme'.
import { createContext, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { applyTheme, readStoredTheme, resolveInitialTheme, storeTheme, systemPrefersDark, type Theme } from './theme';

export interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(() => resolveInitialTheme(readStoredTheme(), systemPrefersDark()));

  // The inline script already set the class before paint; this keeps <html> in step with the state.
  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme, setTheme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
