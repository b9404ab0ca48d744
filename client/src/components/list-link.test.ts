import { describe, expect, it } from 'vitest';
import { isPlainClick } from './list-link';

const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

describe('isPlainClick', () => {
  it('takes a plain main-button click in this tab', () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick(click, '_self')).toBe(true);
  });

  it('leaves new tabs, windows, downloads and other buttons to the browser', () => {
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const)
      expect(isPlainClick({ ...click, [key]: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick(click, '_blank')).toBe(false);
  });
});
