// Icon button that switches between the light and dark theme; its label names the theme it switches to.
import { Moon, Sun } from 'lucide-react';
import { Button, type ButtonProps } from './ui/button';
import { useTheme } from '../lib/use-theme';

export function ThemeToggle({
  className,
  variant = 'ghost',
  size = 'icon',
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={label}
      title={label}
      onClick={toggleTheme}
      className={className}
      {...props}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
