// Settings > Editor: the auto-save interval and editor notifications, kept on this device, and the tags
// of the user's notes to rename or delete.
import { PenLine } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { AUTO_SAVE_OPTIONS, isAutoSaveInterval } from './editor-settings';
import { SettingRow, SettingsCard } from './settings-section';
import { TagsSettings } from './tags-settings';
import { useEditorSettings } from './use-editor-settings';

export function EditorTab() {
  const [settings, update] = useEditorSettings();

  return (
    <>
      <SettingsCard icon={PenLine} title="Editor" description="How the note editor behaves on this device.">
        <div className="divide-y">
          <SettingRow
            id="settings-auto-save"
            label="Auto-save interval"
            description="How often changes to an open note are saved automatically."
          >
            <Select
              value={String(settings.autoSaveInterval)}
              onValueChange={(value) => {
                const seconds = Number(value);
                if (isAutoSaveInterval(seconds)) update({ autoSaveInterval: seconds });
              }}
            >
              <SelectTrigger id="settings-auto-save" aria-describedby="settings-auto-save-description" width="w-36">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {AUTO_SAVE_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={String(option.value)}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </SettingRow>
          <SettingRow
            id="settings-editor-notifications"
            label="Editor Notifications"
            description="Show a notice when a note is saved automatically."
          >
            <Switch
              id="settings-editor-notifications"
              aria-describedby="settings-editor-notifications-description"
              checked={settings.notifications}
              onCheckedChange={(checked) => update({ notifications: checked })}
            />
          </SettingRow>
        </div>
      </SettingsCard>
      <TagsSettings />
    </>
  );
}
