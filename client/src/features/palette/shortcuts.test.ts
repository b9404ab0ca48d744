import { describe, expect, it } from 'vitest';
import { isMacPlatform, isTypingTarget, matchShortcut, shortcutList, typeAhead, type KeyPress } from './shortcuts';

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

  it('knows which elements take typed text', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('names the command key of the platform', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
    expect(shortcutList(true)[0]?.keys).toEqual(['⌘', 'K']);
    expect(shortcutList(false)[0]?.keys).toEqual(['Ctrl', 'K']);
  });
});

describe('typeAhead: keys typed before the palette takes focus', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });

  it('adds printable keys (n and ? too) and takes one back with Backspace', () => {
    expect(typeAhead('', key('b'))).toBe('b');
    expect(typeAhead('balco', key('n'))).toBe('balcon');
    expect(typeAhead('why', key('?'))).toBe('why?');
    expect(typeAhead('a', key(' '))).toBe('a ');
    expect(typeAhead('é', key('😀'))).toBe('é😀');
    expect(typeAhead('ab', key('Backspace'))).toBe('a');
  });

  it('leaves other keys and shortcuts alone', () => {
    for (const k of ['Escape', 'ArrowDown', 'Enter', 'Tab', 'Shift']) expect(typeAhead('a', key(k))).toBeNull();
    expect(typeAhead('a', key('k', { ctrlKey: true }))).toBeNull();
    expect(typeAhead('a', key('k', { metaKey: true }))).toBeNull();
    expect(typeAhead('a', key('n', { altKey: true }))).toBeNull();
  });
});
