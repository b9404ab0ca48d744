// Settings > Sync > Reminders (issue 35, item 3): whether an item's reminder reaches this device while
// Sprout is closed (Web Push, which the server sends once to each of the user's subscribed devices), with
// the switch for this device; where the browser or the server cannot push, it says reminders need the app
// open, which the app's own reminders cover.
import { useEffect, useState } from 'react';
import { BellRing, LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useOnlineStatus } from '../../lib/use-online-status';
import { pushState, subscribeToPush, unsubscribeFromPush } from '../../lib/push-subscription';
import { SettingsCard } from './settings-section';

type State = Awaited<ReturnType<typeof pushState>> | 'reading';

const STATE_TEXT: Record<State, string> = {
  reading: 'Checking this device…',
  on: 'On for this device: reminders arrive even when Sprout is closed.',
  off: 'Reminders come while Sprout is open in a tab. Turn on notifications to get them when it is closed too.',
  blocked:
    "Notifications for Sprout are blocked in this browser's site settings: reminders come only while Sprout is open.",
  unsupported: 'Reminders need Sprout open in a tab on this device: this browser or server cannot send them otherwise.',
};

export function RemindersCard() {
  const online = useOnlineStatus();
  const [state, setState] = useState<State>('reading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then(
      (next) => live && setState(next),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const outcome = await subscribeToPush();
        if (outcome === 'failed')
          toast({
            variant: 'destructive',
            title: 'Notifications not turned on',
            description: 'Sprout could not reach the server. Try again when you are online.',
          });
      } else {
        await unsubscribeFromPush();
      }
    } catch (error) {
      console.warn('Changing reminders on this device failed:', error);
    } finally {
      setState(await pushState().catch(() => 'unsupported' as const));
      setBusy(false);
    }
  };

  return (
    <SettingsCard
      icon={BellRing}
      title="Reminders"
      description="An item with a time and 'Remind me' reminds you then, on the device you are using."
      className="mt-6"
    >
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground" role="status">
          {STATE_TEXT[state]}
        </p>
        {(state === 'on' || state === 'off') && (
          <div className="flex items-center gap-2">
            <Button
              variant={state === 'on' ? 'outline' : 'default'}
              disabled={busy || !online}
              onClick={() => void change(state === 'off')}
            >
              <BellRing aria-hidden="true" />
              {state === 'on' ? 'Turn off on this device' : 'Turn on notifications'}
            </Button>
            {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-muted-foreground" />}
          </div>
        )}
      </div>
    </SettingsCard>
  );
}
