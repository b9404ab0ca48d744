// The keys held between a quick capture's press and its title's focus, as a browser delivers them: to a
// button that still has focus, to the page, or to a field (which keeps its own).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdCaptureKeys, releaseCaptureKeys, takeCaptureKeys } from './capture-keys';

function press(target: EventTarget, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

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
    expect(takeCaptureKeys()).toBe('Call n');
    // Taken once: the next keys go where they are typed.
    expect(press(button, 'x').defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toBe('');
  });

  it('leaves a field its keys, and shortcuts and composition their meaning', () => {
    const field = element('input');
    holdCaptureKeys();
    expect(press(field, 'a').defaultPrevented).toBe(false);
    expect(press(document.body, 'k', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press(document.body, 'Escape').defaultPrevented).toBe(false);
    expect(press(document.body, 'a', { isComposing: true }).defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toBe('');
  });

  it('drops what it held when released, and stops by itself when no editor comes', () => {
    holdCaptureKeys();
    press(document.body, 'a');
    releaseCaptureKeys();
    expect(press(document.body, 'b').defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toBe('');

    vi.useFakeTimers();
    holdCaptureKeys();
    press(document.body, 'a');
    vi.advanceTimersByTime(10_000);
    expect(press(document.body, 'b').defaultPrevented).toBe(false);
    expect(takeCaptureKeys()).toBe('');
  });

  it('starts afresh with each capture', () => {
    holdCaptureKeys();
    press(document.body, 'a');
    holdCaptureKeys();
    press(document.body, 'b');
    expect(takeCaptureKeys()).toBe('b');
  });
});
