// Editor settings (Settings > Editor; spec: auto-save interval 15, 30, 60 seconds or off, default 30;
// notifications default off; local only), kept on this device under 'sprout.editorSettings'.
import { z } from 'zod';
import { DEVICE_KEYS, deviceStorage, readJson, writeJson, type StorageLike } from '../../lib/device-storage';

export const AUTO_SAVE_INTERVALS = [15, 30, 60, 0] as const;
export type AutoSaveInterval = (typeof AUTO_SAVE_INTERVALS)[number];

export const AUTO_SAVE_OPTIONS: readonly { value: AutoSaveInterval; label: string }[] = [
  { value: 15, label: '15 seconds' },
  { value: 30, label: '30 seconds' },
  { value: 60, label: '1 minute' },
  { value: 0, label: 'Off' },
];

export interface EditorSettings {
  /** Seconds between automatic saves; 0 means off. */
  autoSaveInterval: AutoSaveInterval;
  notifications: boolean;
}

export const DEFAULT_EDITOR_SETTINGS: Readonly<EditorSettings> = Object.freeze({
  autoSaveInterval: 30,
  notifications: false,
});

const autoSaveIntervalSchema = z.union(AUTO_SAVE_INTERVALS.map((value) => z.literal(value)));

const editorSettingsSchema = z.object({
  autoSaveInterval: autoSaveIntervalSchema.catch(DEFAULT_EDITOR_SETTINGS.autoSaveInterval),
  notifications: z.boolean().catch(DEFAULT_EDITOR_SETTINGS.notifications),
});

export function isAutoSaveInterval(value: unknown): value is AutoSaveInterval {
  return autoSaveIntervalSchema.safeParse(value).success;
}

/** The stored settings; each unreadable field falls back to its default on its own. */
export function readEditorSettings(storage: StorageLike | null = deviceStorage()): EditorSettings {
  const value = readJson(DEVICE_KEYS.editorSettings, storage);
  const parsed = editorSettingsSchema.safeParse(typeof value === 'object' && value !== null ? value : {});
  return parsed.success ? parsed.data : { ...DEFAULT_EDITOR_SETTINGS };
}

/** Remembers the settings; without storage they last for this visit only. */
export function storeEditorSettings(settings: EditorSettings, storage: StorageLike | null = deviceStorage()): void {
  writeJson(DEVICE_KEYS.editorSettings, settings, storage);
}
