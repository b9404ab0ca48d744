// Keys typed between a quick capture's press (a button, `n`, the palette) and its editor's title taking
// focus (issue 33). Until then focus is still on the button that made the note, or on nothing: a space
// or Enter would press that button again and make a second note, `n` would fire its shortcut, and the
// letters would be lost. They are held here instead, and the editor puts them in the title.
import { typeAhead, typesIntoTarget } from '../../../lib/typed-keys';

// An editor that never comes (the user went elsewhere) stops the holding after this long.
const HOLD_MS = 10_000;

interface Hold {
  text: string;
  stop: () => void;
}

let current: Hold | null = null;

/** Holds the keys typed from now on until takeCaptureKeys() or releaseCaptureKeys(). */
export function holdCaptureKeys(): void {
  releaseCaptureKeys();
  const hold: Hold = { text: '', stop: () => {} };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || typesIntoTarget(event.target)) return;
    const text = typeAhead(hold.text, event);
    if (text === null && event.key !== 'Enter') return;
    // Before the app's own listeners (the shortcuts) and the focused button's default action.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (text !== null) hold.text = text;
  };
  const timer = setTimeout(releaseCaptureKeys, HOLD_MS);
  window.addEventListener('keydown', onKeyDown, { capture: true });
  hold.stop = () => {
    clearTimeout(timer);
    window.removeEventListener('keydown', onKeyDown, { capture: true });
  };
  current = hold;
}

/** The keys held since holdCaptureKeys() ('' for none); holding stops. */
export function takeCaptureKeys(): string {
  const text = current?.text ?? '';
  releaseCaptureKeys();
  return text;
}

/** Stops holding keys, dropping any held (the capture failed, or its editor never came). */
export function releaseCaptureKeys(): void {
  current?.stop();
  current = null;
}
