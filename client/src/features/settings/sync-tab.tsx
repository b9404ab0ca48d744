// Settings > Sync: 'Sync Now' (disabled offline; the same manual sync as the sidebar's Sync button, which
// shows the spec's toasts), the Online/Offline status, and the Auto-sync switch, always on.
import { useState } from 'react';
import { Cloud, CloudOff, RefreshCw } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';
import { useOnlineStatus } from '../../lib/use-online-status';
import { cn } from '../../lib/utils';
import { useManualSync, usePendingCount } from '../../data/notes';
import { SettingRow, SettingsCard } from './settings-section';

export function SyncTab() {
  const online = useOnlineStatus();
  const sync = useManualSync();
  const pendingCount = usePendingCount();
  const [syncing, setSyncing] = useState(false);

  const handleSync = async () => {
    setSyncing(true);
    try {
      await sync();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <SettingsCard
      icon={online ? Cloud : CloudOff}
      title="Sync"
      description="Your notes are kept on this device and in the cloud."
    >
      <div className="divide-y">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 pb-4">
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">Connection</p>
            <p role="status" className="flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className={cn(
                  'size-2 rounded-full',
                  online
                    ? 'bg-primary shadow-[0_0_0_3px] shadow-primary/20'
                    : 'bg-amber-500 shadow-[0_0_0_3px] shadow-amber-500/20',
                )}
              />
              <span className="font-medium">{online ? 'Online' : 'Offline'}</span>
              {pendingCount > 0 && (
                <Badge variant="secondary" weight="normal">
                  {pendingCount === 1 ? '1 change waiting to sync' : `${pendingCount} changes waiting to sync`}
                </Badge>
              )}
            </p>
            <p className="text-sm text-muted-foreground">
              {online
                ? 'Changes are written to the cloud as you make them.'
                : 'Changes are saved on this device and synced when you are back online.'}
            </p>
          </div>
          <Button onClick={() => void handleSync()} disabled={!online || syncing}>
            <RefreshCw aria-hidden="true" className={cn(syncing && 'animate-spin')} />
            Sync Now
          </Button>
        </div>
        <SettingRow
          id="settings-auto-sync"
          label="Auto-sync"
          description="Always on: Sprout syncs automatically whenever you are online, so no change is left behind."
        >
          <Switch id="settings-auto-sync" aria-describedby="settings-auto-sync-description" checked disabled />
        </SettingRow>
      </div>
    </SettingsCard>
  );
}
