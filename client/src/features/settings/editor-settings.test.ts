// Editor settings: the spec's options and defaults, kept on this device, read leniently.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_KEYS } from '../../lib/device-storage';
import { AUTO_SAVE_OPTIONS, DEFAULT_EDITOR_SETTINGS, readEditorSettings, storeEditorSettings } from './editor-settings';

beforeEach(() => localStorage.clear());

describe('editor settings', () => {
  it('offers 15 seconds, 30 seconds, 1 minute and Off; defaults to 30 and notifications off', () => {
    expect(AUTO_SAVE_OPTIONS).toEqual([
      { value: 15, label: '15 seconds' },
      { value: 30, label: '30 seconds' },
      { value: 60, label: '1 minute' },
      { value: 0, label: 'Off' },
    ]);
    expect(DEFAULT_EDITOR_SETTINGS).toEqual({ autoSaveInterval: 30, notifications: false });
    expect(readEditorSettings()).toEqual({ autoSaveInterval: 30, notifications: false });
  });

  it('stores and reads back the settings', () => {
    storeEditorSettings({ autoSaveInterval: 0, notifications: true });
    expect(JSON.parse(localStorage.getItem(DEVICE_KEYS.editorSettings)!)).toEqual({
      autoSaveInterval: 0,
      notifications: true,
    });
    expect(readEditorSettings()).toEqual({ autoSaveInterval: 0, notifications: true });
  });

  it('falls back field by field on bad stored values', () => {
    localStorage.setItem(DEVICE_KEYS.editorSettings, JSON.stringify({ autoSaveInterval: 45, notifications: true }));
    expect(readEditorSettings()).toEqual({ autoSaveInterval: 30, notifications: true });
    localStorage.setItem(DEVICE_KEYS.editorSettings, 'nonsense');
    expect(readEditorSettings()).toEqual(DEFAULT_EDITOR_SETTINGS);
  });
});
