// Settings > Appearance: the Dark Mode switch (the app's theme) and the Font Size select (this device only).
import { Palette } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { useTheme } from '../../lib/use-theme';
import { FONT_SIZE_OPTIONS, isFontSize } from './font-size';
import { SettingRow, SettingsCard } from './settings-section';
import { useFontSize } from './use-font-size';

export function AppearanceTab() {
  const { theme, setTheme } = useTheme();
  const [fontSize, setFontSize] = useFontSize();

  return (
    <SettingsCard icon={Palette} title="Appearance" description="Choose how Sprout looks on this device.">
      <div className="divide-y">
        <SettingRow
          id="settings-dark-mode"
          label="Dark Mode"
          description="Use a dark colour scheme that is easier on the eyes at night."
        >
          <Switch
            id="settings-dark-mode"
            aria-describedby="settings-dark-mode-description"
            checked={theme === 'dark'}
            onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
          />
        </SettingRow>
        <SettingRow
          id="settings-font-size"
          label="Font Size"
          description="Makes all text in the app smaller or larger."
        >
          <Select
            value={fontSize}
            onValueChange={(value) => {
              if (isFontSize(value)) setFontSize(value);
            }}
          >
            <SelectTrigger id="settings-font-size" aria-describedby="settings-font-size-description" width="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FONT_SIZE_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </SettingRow>
      </div>
      <div className="mt-5 rounded-lg border bg-muted/40 p-4">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Preview</p>
        <p className="mt-1.5 text-base font-semibold">Plan a weekend trip</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Your notes and the assistant&apos;s replies will use this text size.
        </p>
      </div>
    </SettingsCard>
  );
}
