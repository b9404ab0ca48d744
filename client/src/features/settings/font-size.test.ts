// The Font Size setting: stored under the key index.html reads, applied as data-font-size on <html>.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_KEYS } from '../../lib/device-storage';
import { DEFAULT_FONT_SIZE, applyFontSize, readFontSize, storeFontSize } from './font-size';

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.fontSize;
});

describe('font size', () => {
  it('defaults to medium, also for unknown stored values', () => {
    expect(DEFAULT_FONT_SIZE).toBe('medium');
    expect(readFontSize()).toBe('medium');
    localStorage.setItem(DEVICE_KEYS.fontSize, 'huge');
    expect(readFontSize()).toBe('medium');
  });

  it("keeps the choice under 'sprout.fontSize' (the key index.html's inline script reads)", () => {
    expect(DEVICE_KEYS.fontSize).toBe('sprout.fontSize');
    storeFontSize('large');
    expect(localStorage.getItem('sprout.fontSize')).toBe('large');
    expect(readFontSize()).toBe('large');
    storeFontSize('medium');
    expect(localStorage.getItem('sprout.fontSize')).toBeNull();
  });

  it('sets data-font-size for small and large and removes it for medium', () => {
    const root = document.documentElement;
    applyFontSize('small', root);
    expect(root.dataset.fontSize).toBe('small');
    applyFontSize('large', root);
    expect(root.getAttribute('data-font-size')).toBe('large');
    applyFontSize('medium', root);
    expect(root.hasAttribute('data-font-size')).toBe(false);
  });
});
