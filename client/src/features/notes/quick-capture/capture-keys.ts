// Keys typed between a quick capture's press (a button, `n`, the palette) and its editor's title taking
// focus (issue 33). Until then focus is still on the button that made the note, or on nothing: a space
// or Enter would press that button again and make a second note, `n` would fire its shortcut, and the
// letters would be lost. They are held here instead, and the editor puts them in the title; after a Tab,
// what follows is the note's text, where the user was heading.
import { typeAhead, typesIntoTarget } from '../../../lib/typed-keys';

// An editor that never comes (its screen failed to load) stops the holding after this long.
const HOLD_MS = 10_000;

/** What was typed before the editor was there. */
export interface CapturedKeys {
  title: string;
  /** What was typed after a Tab (Enter starts a new line in it); null when no Tab was pressed. */
  text: string | null;
}

interface Hold extends CapturedKeys {
  stop: () => void;
}

let current: Hold | null = null;

type Key = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** What is held once `event` is typed on top of `held`, or null for a key left alone (Escape, a shortcut). */
export function heldAfter(held: CapturedKeys, event: Key): CapturedKeys | null {
  const plain = !(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey);
  if (event.key === 'Tab' && plain) return { title: held.title, text: held.text ?? '' };
  if (event.key === 'Enter') {
    // Enter, with or without a modifier, would press the button once more, and in the title it would save
    // a note not yet seen: it adds nothing there, and starts a new line in the text.
    return held.text === null ? held : { title: held.title, text: `${held.text}\n` };
  }
  if (held.text !== null) {
    const text = typeAhead(held.text, event);
    return text === null ? null : { title: held.title, text };
  }
  const title = typeAhead(held.title, event);
  return title === null ? null : { title, text: null };
}

/** Holds the keys typed from now on until takeCaptureKeys() or releaseCaptureKeys(). */
export function holdCaptureKeys(): void {
  releaseCaptureKeys();
  const hold: Hold = { title: '', text: null, stop: () => {} };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || typesIntoTarget(event.target)) return;
    const held = heldAfter(hold, event);
    if (!held) return;
    // Before the app's own listeners (the shortcuts) and the focused button's default action.
    event.preventDefault();
    event.stopImmediatePropagation();
    hold.title = held.title;
    hold.text = held.text;
  };
  const timer = setTimeout(releaseCaptureKeys, HOLD_MS);
  window.addEventListener('keydown', onKeyDown, { capture: true });
  // A press anywhere before the editor is there: the user has moved on, and their keys go where they are.
  window.addEventListener('pointerdown', releaseCaptureKeys, { capture: true });
  hold.stop = () => {
    clearTimeout(timer);
    window.removeEventListener('keydown', onKeyDown, { capture: true });
    window.removeEventListener('pointerdown', releaseCaptureKeys, { capture: true });
  };
  current = hold;
}

/** The keys held so far; holding goes on. */
export function peekCaptureKeys(): CapturedKeys {
  return { title: current?.title ?? '', text: current?.text ?? null };
}

/** The keys held since holdCaptureKeys(); holding stops. */
export function takeCaptureKeys(): CapturedKeys {
  const keys = peekCaptureKeys();
  releaseCaptureKeys();
  return keys;
}

/** Stops holding keys, dropping any held (the capture failed, or its editor never came). */
export function releaseCaptureKeys(): void {
  current?.stop();
  current = null;
}
