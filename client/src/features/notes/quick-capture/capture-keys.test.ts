// The keys held between a quick capture's press and its title's focus, as a browser delivers them: to a
// button that still has focus, to the page, or to a field (which keeps its own).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  heldAfter,
  holdCaptureKeys,
  peekCaptureKeys,
  releaseCaptureKeys,
  takeCaptureKeys,
  type CapturedKeys,
} from './capture-keys';

function press(target: EventTarget, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

const NOTHING: CapturedKeys = { title: '', text: null };

const made: HTMLElement[] = [];
function element<K extends keyof HTMLElementTagNameMap>(tag: K): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  document.body.append(node);
  made.push(node);
  return node;
}

afterEach(() => {
  releaseCaptureKeys();
  for (const node of made.splice(0)) node.remove();
  vi.useRealTimers();
});

describe('capture keys', () => {
  it('holds the keys typed at the pressed button, Backspace included, and none reaches the page', () => {
    const button = element('button');
    const reached = vi.fn();
    window.addEventListener('keydown', reached);
    holdCaptureKeys();
    for (const key of ['C', 'a', 'l', 'l', ' ', 'n', 'x', 'Backspace']) {
      expect(press(button, key).defaultPrevented).toBe(true);
    }
    // Enter would press the button once more: it is swallowed, and adds nothing.
    expect(press(button, 'Enter').defaultPrevented).toBe(true);
    window.removeEventListener('keydown', reached);
    expect(reached).not.toHaveBeenCalled();
    // A look leaves them held.
    expect(peekCaptureKeys()).toEqual({ title: 'Call n', text: null });
    expect(press(button, 'Tab').defaultPrevented).toBe(true);
    expect(press(button, 'x').defaultPrevented).toBe(true);
    expect(takeCaptureKeys()).toEqual({ title: 'Call n', text: 'x' });
    // Taken once: the next keys go where they are typed.
    expect(press(button, 'x').defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toEqual(NOTHING);
  });

  it('leaves a field its keys, and shortcuts and composition their meaning', () => {
    const field = element('input');
    holdCaptureKeys();
    expect(press(field, 'a').defaultPrevented).toBe(false);
    expect(press(document.body, 'k', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press(document.body, 'Escape').defaultPrevented).toBe(false);
    expect(press(document.body, 'a', { isComposing: true }).defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toEqual(NOTHING);
  });

  it('drops what it held when released, at a press elsewhere, and by itself when no editor comes', () => {
    holdCaptureKeys();
    press(document.body, 'a');
    releaseCaptureKeys();
    expect(press(document.body, 'b').defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toEqual(NOTHING);

    holdCaptureKeys();
    press(document.body, 'a');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(press(document.body, 'b').defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toEqual(NOTHING);

    vi.useFakeTimers();
    holdCaptureKeys();
    press(document.body, 'a');
    vi.advanceTimersByTime(10_000);
    expect(press(document.body, 'b').defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toEqual(NOTHING);
  });

  it('starts afresh with each capture', () => {
    holdCaptureKeys();
    press(document.body, 'a');
    holdCaptureKeys();
    press(document.body, 'b');
    expect(takeCaptureKeys()).toEqual({ title: 'b', text: null });
  });
});

describe('heldAfter', () => {
  const key = (k: string, mods: Partial<Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  const typeAll = (keys: ReturnType<typeof key>[]) =>
    keys.reduce<CapturedKeys>((held, k) => heldAfter(held, k) ?? held, NOTHING);

  it('types the title, and after a Tab the text, where Enter starts a line', () => {
    const keys = [...'Plan'].map((k) => key(k));
    keys.push(key('Enter'), key('Tab'), ...[...'# Top'].map((k) => key(k)), key('Enter', { shiftKey: true }), key('x'));
    keys.push(key('Backspace'), key('-'));
    expect(typeAll(keys)).toEqual({ title: 'Plan', text: '# Top\n-' });
  });

  it('takes capitals and Backspace in either part, and leaves other keys alone', () => {
    expect(heldAfter(NOTHING, key('P', { shiftKey: true }))).toEqual({ title: 'P', text: null });
    expect(heldAfter({ title: 'ab', text: null }, key('Backspace'))).toEqual({ title: 'a', text: null });
    expect(heldAfter({ title: 'a', text: 'bc' }, key('Backspace'))).toEqual({ title: 'a', text: 'b' });
    for (const k of [key('Escape'), key('ArrowDown'), key('Tab', { shiftKey: true }), key('k', { ctrlKey: true })]) {
      expect(heldAfter({ title: 'a', text: null }, k)).toBeNull();
    }
  });
});
