import { describe, expect, it } from 'vitest';
import { isTypingTarget, typeAhead } from './typed-keys';

describe('isTypingTarget', () => {
  it('knows which elements take typed text', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('typeAhead: keys typed before a field takes focus', () => {
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
