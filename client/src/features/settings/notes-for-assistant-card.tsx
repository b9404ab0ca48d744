// Settings > AI > Your notes and the assistant (issue 34, item 5): 'Use my notes with the assistant', off
// until the user turns it on. Turning it on first says what is sent where; turning it off deletes the
// index at once. While on, the card says which embedding model indexes the notes and how many are in.
import { useState } from 'react';
import { BookOpenText, LoaderCircle } from 'lucide-react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../lib/toast';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useAssistantSetting, type AssistantStatus } from '../../data/assistant';
import { useProviderName } from '../../data/app-config';
import { SettingRow, SettingsCard } from './settings-section';

const SWITCH_ID = 'settings-notes-for-assistant';
const ARCHIVED_ID = 'settings-assistant-archived';
const SAVE_FAILED = {
  variant: 'destructive',
  title: 'Setting not saved',
  description: 'Sprout could not reach the server. Try again when you are online.',
} as const;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function indexText(status: AssistantStatus): string {
  const indexed = `${count(status.indexedNotes, 'note', 'notes')} indexed with ${status.model}`;
  return status.pendingNotes > 0
    ? `${indexed}; ${count(status.pendingNotes, 'change', 'changes')} still to read.`
    : `${indexed}.`;
}

export function NotesForAssistantCard() {
  const online = useOnlineStatus();
  const providerName = useProviderName();
  const { status, loading, unavailable, saving, save } = useAssistantSetting();
  const [asking, setAsking] = useState(false);
  const enabled = status?.enabled ?? false;

  const change = async (next: boolean) => {
    setAsking(false);
    try {
      await save({ enabled: next });
      toast(
        next
          ? {
              title: 'Notes shared with the assistant',
              description: 'Sprout is reading your notes. Search by meaning works as they are indexed.',
            }
          : { title: 'Notes no longer shared', description: "The assistant's index of your notes was deleted." },
      );
    } catch (error) {
      console.warn('Saving the assistant setting failed:', error);
      toast(SAVE_FAILED);
    }
  };

  let state: string;
  if (!online) state = 'This setting can be changed when you are online.';
  else if (unavailable) state = 'Sprout could not reach the server to read this setting.';
  else if (loading || !status) state = 'Reading the setting…';
  else if (enabled) state = indexText(status);
  else state = 'Off. Nothing of your notes is sent to the assistant beyond the note you chat about.';

  return (
    <SettingsCard
      icon={BookOpenText}
      title="Your notes and the assistant"
      description="Let the assistant find your notes by what they mean and answer from them, with sources."
    >
      <div className="divide-y">
        <SettingRow
          id={SWITCH_ID}
          label="Use my notes with the assistant"
          description={
            <>
              When on, the text of your notes is sent to {providerName} to be indexed by meaning, and the index is kept
              on this Sprout server. Notes you keep out of the assistant and notes in the Trash are never sent.{' '}
              <span data-testid="assistant-index-state">{state}</span>
            </>
          }
        >
          <div className="flex items-center gap-2">
            {saving && <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-muted-foreground" />}
            <Switch
              id={SWITCH_ID}
              aria-describedby={`${SWITCH_ID}-description`}
              checked={enabled}
              disabled={!online || !status || saving}
              onCheckedChange={(checked) => {
                if (checked) setAsking(true);
                else void change(false);
              }}
            />
          </div>
        </SettingRow>
        {enabled && status && (
          <SettingRow
            id={ARCHIVED_ID}
            label="Leave archived notes out"
            description="Archived notes are not indexed, searched by meaning or used in answers."
          >
            <Switch
              id={ARCHIVED_ID}
              aria-describedby={`${ARCHIVED_ID}-description`}
              checked={status.leaveOutArchived}
              disabled={!online || saving}
              onCheckedChange={(checked) =>
                void save({ enabled: true, leaveOutArchived: checked }).catch((error: unknown) => {
                  console.warn('Saving the assistant setting failed:', error);
                  toast(SAVE_FAILED);
                })
              }
            />
          </SettingRow>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title="Use your notes with the assistant?"
        description={`Sprout will send the text of your notes to ${providerName} to index them by meaning.`}
        cancelLabel="Not now"
        confirmLabel="Turn on"
        constructive
        onCancel={() => setAsking(false)}
        onConfirm={() => void change(true)}
      >
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
          <li>
            Each note's title and text go to {providerName}'s embedding model, with your API key or this server's.
          </li>
          <li>The index stays on this Sprout server with your account, and nobody else can search it.</li>
          <li>Notes you keep out of the assistant (in a note's More menu) and notes in the Trash are never sent.</li>
          <li>Turn this off at any time: the index is deleted at once.</li>
        </ul>
      </ConfirmDialog>
    </SettingsCard>
  );
}
