// The app's keyboard shortcuts (issue 12, point 3) as pure rules: which key does what, and when a key
// is left alone (typing in a field, a dialog open, IME composition, other modifiers). Which element takes
// typed text and what a typed key adds: lib/typed-keys.ts.
export type ShortcutAction = 'palette' | 'quick-note' | 'search' | 'help';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

/** Where the key press happened. */
export interface KeyContext {
  /** Focus is in a text field, a select or an editable element. */
  typing: boolean;
  /** A modal dialog or menu is open (its own keys apply). */
  modalOpen: boolean;
}

/** The action a key press asks for, or null. None fires while typing or while a dialog is open. */
export function matchShortcut(press: KeyPress, context: KeyContext): ShortcutAction | null {
  if (press.isComposing || context.typing || context.modalOpen || press.altKey) return null;
  const key = press.key.toLowerCase();
  const command = press.ctrlKey || press.metaKey;
  if (command) return key === 'k' ? 'palette' : null;
  if (key === 'n') return 'quick-note';
  if (key === '/') return 'search';
  if (key === '?') return 'help';
  return null;
}

export interface ShortcutHelp {
  keys: string[];
  description: string;
}

/** The shortcut sheet's rows; `mac` shows ⌘ instead of Ctrl. */
export function shortcutList(mac: boolean): ShortcutHelp[] {
  return [
    { keys: [mac ? '⌘' : 'Ctrl', 'K'], description: 'Open the command palette' },
    { keys: ['N'], description: 'New quick note' },
    { keys: ['/'], description: 'Search your notes' },
    { keys: ['?'], description: 'Show this list of shortcuts' },
    { keys: ['Esc'], description: 'Close a dialog or the palette' },
  ];
}

export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}
