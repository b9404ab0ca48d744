// The auto-save interval the Edit screen uses (Settings > Editor: 15, 30, 60 seconds or off; default
// 30), read defensively from this device's editor settings whatever shape an older or newer Settings
// screen stored.
import { DEVICE_KEYS, deviceStorage, readJson } from '../../lib/device-storage';

export const DEFAULT_AUTO_SAVE_SECONDS = 30;
const ALLOWED = new Set([15, 30, 60, 0]);

function asSeconds(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && ALLOWED.has(n) ? n : null;
}

/** Seconds between automatic saves; 0 means off. */
export function readAutoSaveSeconds(storage: Pick<Storage, 'getItem'> | null = deviceStorage()): number {
  const value = readJson(DEVICE_KEYS.editorSettings, storage);
  if (typeof value !== 'object' || value === null) return DEFAULT_AUTO_SAVE_SECONDS;
  const record = value as Record<string, unknown>;
  return asSeconds(record.autoSaveSeconds) ?? asSeconds(record.autoSaveInterval) ?? DEFAULT_AUTO_SAVE_SECONDS;
}
