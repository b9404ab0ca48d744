import { describe, expect, it } from 'vitest';
import { isMacPlatform, matchShortcut, shortcutList, type KeyPress } from './shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const free = { typing: false, modalOpen: false };

describe('keyboard shortcuts', () => {
  it('maps Ctrl+K and Cmd+K to the palette, n, / and ? to their actions', () => {
    expect(matchShortcut(press('k', { ctrlKey: true }), free)).toBe('palette');
    expect(matchShortcut(press('K', { metaKey: true }), free)).toBe('palette');
    expect(matchShortcut(press('n'), free)).toBe('quick-note');
    expect(matchShortcut(press('N'), free)).toBe('quick-note');
    expect(matchShortcut(press('/'), free)).toBe('search');
    expect(matchShortcut(press('?'), free)).toBe('help');
  });

  it('leaves other keys and other modifiers alone', () => {
    expect(matchShortcut(press('k'), free)).toBeNull();
    expect(matchShortcut(press('n', { ctrlKey: true }), free)).toBeNull();
    expect(matchShortcut(press('n', { altKey: true }), free)).toBeNull();
    expect(matchShortcut(press('k', { ctrlKey: true, altKey: true }), free)).toBeNull();
    expect(matchShortcut(press('x'), free)).toBeNull();
  });

  it('fires none while typing in a field, composing, or with a dialog open', () => {
    for (const key of ['n', '/', '?']) expect(matchShortcut(press(key), { typing: true, modalOpen: false })).toBeNull();
    expect(matchShortcut(press('k', { ctrlKey: true }), { typing: true, modalOpen: false })).toBeNull();
    expect(matchShortcut(press('n', { isComposing: true }), free)).toBeNull();
    expect(matchShortcut(press('n'), { typing: false, modalOpen: true })).toBeNull();
  });

  it('names the command key of the platform', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
    expect(shortcutList(true)[0]?.keys).toEqual(['⌘', 'K']);
    expect(shortcutList(false)[0]?.keys).toEqual(['Ctrl', 'K']);
  });
});
