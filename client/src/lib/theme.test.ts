// Theme start-up rule (spec section 4): stored value, else the system preference, else light.
import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, resolveInitialTheme } from './theme';

describe('resolveInitialTheme', () => {
  it('uses a stored theme whatever the system prefers', () => {
    expect(resolveInitialTheme('dark', false)).toBe('dark');
    expect(resolveInitialTheme('light', true)).toBe('light');
  });

  it('follows the system preference when nothing valid is stored', () => {
    expect(resolveInitialTheme(null, true)).toBe('dark');
    expect(resolveInitialTheme('sepia', true)).toBe('dark');
    expect(resolveInitialTheme(undefined, false)).toBe('light');
  });

  it('starts light by default', () => {
    expect(resolveInitialTheme(null, false)).toBe('light');
  });
});

describe('applyTheme', () => {
  afterEach(() => applyTheme('light'));

  it('sets or removes the dark class and the colour scheme on the root', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe('light');
  });
});
