// The editor settings (auto-save interval, notifications) as React state, saved on this device on change.
import { useCallback, useState } from 'react';
import { readEditorSettings, storeEditorSettings, type EditorSettings } from './editor-settings';

export function useEditorSettings(): [EditorSettings, (patch: Partial<EditorSettings>) => void] {
  const [settings, setSettings] = useState<EditorSettings>(() => readEditorSettings());
  const update = useCallback((patch: Partial<EditorSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      storeEditorSettings(next);
      return next;
    });
  }, []);
  return [settings, update];
}
