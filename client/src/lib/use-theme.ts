// The current theme and its setters (Settings' Dark Mode switch, the theme toggle buttons).
import { useContext } from 'react';
import { ThemeContext, type ThemeContextValue } from './theme-provider';

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
