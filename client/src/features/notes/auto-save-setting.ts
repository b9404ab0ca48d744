// The auto-save interval the Edit screen uses (Settings > Editor: 15, 30, 60 seconds or off; default
// 30), read defensively from this device's 'sprout.editorSettings' whatever shape an older or newer
// Settings screen stored.
export const EDITOR_SETTINGS_KEY = 'sprout.editorSettings';
export const DEFAULT_AUTO_SAVE_SECONDS = 30;
const ALLOWED = new Set([15, 30, 60, 0]);

type StorageLike = Pick<Storage, 'getItem'>;

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function asSeconds(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && ALLOWED.has(n) ? n : null;
}

/** Seconds between automatic saves; 0 means off. */
export function readAutoSaveSeconds(storage: StorageLike | null = defaultStorage()): number {
  try {
    const raw = storage?.getItem(EDITOR_SETTINGS_KEY);
    if (!raw) return DEFAULT_AUTO_SAVE_SECONDS;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_AUTO_SAVE_SECONDS;
    const record = value as Record<string, unknown>;
    return asSeconds(record.autoSaveSeconds) ?? asSeconds(record.autoSaveInterval) ?? DEFAULT_AUTO_SAVE_SECONDS;
  } catch {
    return DEFAULT_AUTO_SAVE_SECONDS;
  }
}
