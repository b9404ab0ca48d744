// Settings > Sync > Trash: how long deleted notes stay in the Trash before they are deleted for good on
// every device. Saved to the account at once (queued while offline), with the AI preferences' toasts.
import { useState } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useTrashRetentionSetting } from '../../data/trash-retention';
import { toast } from '../../lib/toast';
import { SettingRow, SettingsCard } from './settings-section';
import {
  RETENTION_SAVE_FAILED,
  retentionFromValue,
  retentionSavedMessage,
  TRASH_RETENTION_OPTIONS,
} from './trash-retention';

export function TrashRetentionCard() {
  const { retention, loading, save } = useTrashRetentionSetting();
  const [saving, setSaving] = useState(false);

  const choose = async (value: string) => {
    const next = retentionFromValue(value);
    if (next === null || next === retention) return;
    setSaving(true);
    try {
      toast(retentionSavedMessage(next, await save(next)));
    } catch (error) {
      console.warn('Saving the Trash retention failed:', error);
      toast(RETENTION_SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard
      icon={Trash2}
      title="Trash"
      description={
        <>
          Deleted notes wait in the{' '}
          <Link to="/trash" className="font-medium text-foreground underline underline-offset-4 hover:text-primary">
            Trash
          </Link>
          , so a mistake is never final.
        </>
      }
      className="mt-6"
    >
      <SettingRow
        id="settings-trash-retention"
        label="Keep deleted notes"
        description="Notes in the Trash are deleted for good after this time, on every device."
      >
        <Select value={String(retention)} onValueChange={(value) => void choose(value)} disabled={loading || saving}>
          <SelectTrigger
            id="settings-trash-retention"
            aria-describedby="settings-trash-retention-description"
            aria-busy={loading || saving}
            width="w-48"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TRASH_RETENTION_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={String(option.value)}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </SettingRow>
    </SettingsCard>
  );
}
