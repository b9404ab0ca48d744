// Settings > Sync > Calendar feed (issue 35, item 4): a private link that calendar apps subscribe to, to
// show the user's dated steps. Made here, shown once (the server keeps only its fingerprint), regenerated
// or turned off, each after a question, since calendars subscribed to the old link stop updating.
import { useState } from 'react';
import { CalendarDays, Copy, LoaderCircle, Power, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { toast } from '../../lib/toast';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useCalendarFeed } from '../../data/calendar-feed';
import { SettingsCard } from './settings-section';
import { DATE_LOCALE } from '#core/date-locale';

const LINK_ID = 'settings-calendar-feed-link';
const FAILED = {
  variant: 'destructive',
  title: 'Calendar feed not changed',
  description: 'Sprout could not reach the server. Try again when you are online.',
} as const;

type Question = 'regenerate' | 'turn-off' | null;

const madeOn = (iso: string) => new Date(iso).toLocaleDateString(DATE_LOCALE, { dateStyle: 'long' });

export function CalendarFeedCard() {
  const online = useOnlineStatus();
  const { status, loading, unavailable, url, busy, create, turnOff } = useCalendarFeed();
  const [asking, setAsking] = useState<Question>(null);
  const [copied, setCopied] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>, done: { title: string; description: string }) => {
    setAsking(null);
    setCopied(null);
    try {
      await work();
      toast(done);
    } catch (error) {
      console.warn('Changing the calendar feed failed:', error);
      toast(FAILED);
    }
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Copied. Paste it where your calendar app asks for a calendar by URL.');
    } catch {
      setCopied('Copying was not allowed here: select the link and copy it yourself.');
    }
  };

  const enabled = status?.enabled ?? false;
  let state: string | null = null;
  if (!online) state = 'The calendar feed can be changed when you are online.';
  else if (unavailable) state = 'Sprout could not reach the server to read this setting.';
  else if (loading || !status) state = 'Reading the setting…';
  else if (!enabled) state = 'Off. No calendar can read your steps.';
  else if (!url && status.createdAt)
    state = `On since ${madeOn(status.createdAt)}. The link is shown only when it is made: to subscribe another calendar, regenerate it.`;
  const disabled = !online || !status || busy;

  return (
    <SettingsCard
      icon={CalendarDays}
      title="Calendar feed"
      description="Subscribe from Google Calendar, Apple Calendar or Thunderbird to see your dated steps."
      className="mt-6"
    >
      <div className="grid gap-4">
        {url && (
          <div className="grid gap-2">
            <Label htmlFor={LINK_ID}>Your feed link</Label>
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <Input
                id={LINK_ID}
                readOnly
                value={url}
                aria-describedby={`${LINK_ID}-hint`}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono"
              />
              <Button variant="outline" onClick={() => void copy(url)}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
            <p id={`${LINK_ID}-hint`} className="text-sm text-muted-foreground">
              Keep it private: anyone with the link can see your dated steps. Copy it now, Sprout shows it only this
              once. In Google Calendar, add it under Other calendars, From URL; in Apple Calendar, File, New Calendar
              Subscription; in Thunderbird, New Calendar, On the Network.
            </p>
            {copied && (
              <p role="status" className="text-sm">
                {copied}
              </p>
            )}
          </div>
        )}
        {state && (
          <p className="text-sm text-muted-foreground" data-testid="calendar-feed-state">
            {state}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {enabled ? (
            <>
              <Button
                variant="outline"
                disabled={disabled}
                {...preloadOnIntent(preloadConfirmDialog)}
                onClick={() => setAsking('regenerate')}
              >
                <RefreshCw aria-hidden="true" />
                Regenerate
              </Button>
              <Button
                variant="outline-destructive"
                disabled={disabled}
                {...preloadOnIntent(preloadConfirmDialog)}
                onClick={() => setAsking('turn-off')}
              >
                <Power aria-hidden="true" />
                Turn off
              </Button>
            </>
          ) : (
            <Button
              disabled={disabled}
              onClick={() =>
                void run(create, {
                  title: 'Calendar feed created',
                  description: 'Copy the link into your calendar app.',
                })
              }
            >
              <CalendarDays aria-hidden="true" />
              Create feed link
            </Button>
          )}
          {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-muted-foreground" />}
        </div>
      </div>
      <ConfirmDialog
        open={asking === 'regenerate'}
        title="Regenerate the feed link?"
        description="The old link stops working: calendars subscribed to it stop updating until you give them the new one."
        cancelLabel="Cancel"
        confirmLabel="Regenerate"
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          void run(create, { title: 'New feed link made', description: 'The old link no longer works.' })
        }
      />
      <ConfirmDialog
        open={asking === 'turn-off'}
        title="Turn off the calendar feed?"
        description="The link stops working and calendars subscribed to it stop updating. You can make a new link at any time."
        cancelLabel="Cancel"
        confirmLabel="Turn off"
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          void run(turnOff, { title: 'Calendar feed turned off', description: 'The link no longer works.' })
        }
      />
    </SettingsCard>
  );
}
