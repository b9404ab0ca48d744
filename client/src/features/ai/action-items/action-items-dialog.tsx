// The 'Find action items' dialog (issue 35, item 5), loaded when first opened: the assistant's proposal
// streams in, then its steps are offered for editing (text, date, removal) and added to the note's
// checklist as unticked items, turning the note into a checklist if it is not one. Errors say the
// catalogue's words with Retry. Each opening asks afresh.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { ListChecks, RotateCcw } from 'lucide-react';
import { appendActionItems, type ActionItem } from '#core/action-items';
import { dayInZone } from '#core/zoned-time';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAiPreferences } from '../../../data/ai-preferences';
import {
  NOTE_MESSAGES,
  notifyWrite,
  useNotesActions,
  writeKindOf,
  type NoteView,
  type ToastMessage,
} from '../../../data/notes';
import { deviceTimeZone } from '../../../lib/time-zone';
import { toast } from '../../../lib/toast';
import { ApiKeyMissingAlert } from '../components/api-key-missing-alert';
import { InlineAlert } from '../components/inline-alert';
import { actionItemsRequestOf, hasText, plural } from './action-items-logic';
import { StepsEditor } from './steps-editor';
import { useActionItems, type Proposal } from './use-action-items';

export interface ActionItemsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The note as the screen has it now: what is sent, and what the steps are added to. */
  note: NoteView;
  /** Where focus goes back when the dialog closes: the menu's button (the menu item is gone by then). */
  returnFocus: RefObject<HTMLElement | null>;
}

const ADDED = (count: number, title: string): ToastMessage => ({
  title: 'Added to the checklist',
  description: `${plural(count, 'step', 'steps')} added to “${title}”.`,
});

/** The note was changed in another tab meanwhile [S20]: the steps went to a conflict copy of it. */
const ADDED_TO_COPY: ToastMessage = {
  title: 'Added to a copy',
  description: 'This note was changed elsewhere meanwhile, so the steps were added to a separate conflict copy.',
};

export function ActionItemsDialog({ open, onOpenChange, note, returnFocus }: ActionItemsDialogProps) {
  const { preferences } = useAiPreferences();
  const title = note.title.trim() || 'Untitled';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] grid-rows-[auto_minmax(0,1fr)] p-5 sm:max-w-xl sm:p-6"
        onCloseAutoFocus={(event) => {
          // Radix returns focus only to a Trigger of its own; the menu item that opened this is gone.
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <DialogHeader className="pr-8 text-left">
          <DialogTitle className="flex items-center gap-2">
            <ListChecks aria-hidden="true" className="size-5 text-primary" />
            Action items
          </DialogTitle>
          <DialogDescription className="break-words">
            {preferences.aiName} proposes the next steps of “{title}”. Edit them, then add them to its checklist.
          </DialogDescription>
        </DialogHeader>
        <ActionItemsBody note={note} aiName={preferences.aiName} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ActionItemsBody({ note, aiName, onDone }: { note: NoteView; aiName: string; onDone: () => void }) {
  const { updateNote } = useNotesActions();
  // The note as it is when the request goes and when the steps are added (it may sync meanwhile).
  const current = useRef(note);
  useEffect(() => {
    current.current = note;
  });
  const request = useCallback(() => {
    const zone = deviceTimeZone();
    return actionItemsRequestOf(current.current, dayInZone(new Date(), zone), zone);
  }, []);

  const add = async (steps: ActionItem[]) => {
    const target = current.current;
    const { items, added } = appendActionItems(target.checklist_items ?? [], steps);
    try {
      const result = await updateNote(
        target.id,
        { is_checklist: true, checklist_items: items },
        // An assistant's result applied: the note's history keeps the version before it.
        { basedOn: target, history: 'ai' },
      );
      const saved = result.savedAsCopy ? ADDED_TO_COPY : ADDED(added, target.title.trim() || 'Untitled');
      void notifyWrite(writeKindOf(result.note), result.cloud, { offline: 'quiet', saved });
      onDone();
    } catch (error) {
      console.error('Error updating note:', error);
      toast(NOTE_MESSAGES.editSaveFailed);
    }
  };

  if (!hasText(actionItemsRequestOf(note, '', ''))) {
    return (
      <InlineAlert tone="info" live={false} title="This note has no text yet.">
        Write what needs doing, then ask {aiName} again.
      </InlineAlert>
    );
  }
  return <ProposalView request={request} aiName={aiName} onAdd={add} />;
}

function ProposalView({
  request,
  aiName,
  onAdd,
}: {
  request: Parameters<typeof useActionItems>[0];
  aiName: string;
  onAdd: (steps: ActionItem[]) => Promise<void>;
}) {
  const { proposal, attempt, retry } = useActionItems(request);
  return (
    <>
      {/* One live region for the whole exchange: a region that arrives with its text is often not read out. */}
      <p role="status" className="sr-only">
        {announcement(proposal, aiName)}
      </p>
      {proposal.status === 'ready' ? (
        <StepsEditor key={attempt} items={proposal.items} aiName={aiName} onAdd={onAdd} onRetry={retry} />
      ) : (
        <Progress proposal={proposal} aiName={aiName} onRetry={retry} />
      )}
    </>
  );
}

function announcement(proposal: Proposal, aiName: string): string {
  if (proposal.status === 'streaming') return `${aiName} is reading the note…`;
  if (proposal.status === 'failed') return '';
  const count = proposal.items.length;
  return count === 0 ? `${aiName} found no action items.` : `${plural(count, 'step', 'steps')} proposed.`;
}

/** The text as it streams in, or the failure with Retry. */
function Progress({
  proposal,
  aiName,
  onRetry,
}: {
  proposal: Exclude<Proposal, { status: 'ready' }>;
  aiName: string;
  onRetry: () => void;
}) {
  const streamed = proposal.status === 'streaming' ? proposal.text : (proposal.failure.partial ?? '');
  return (
    <div className="grid min-h-0 gap-3 overflow-y-auto">
      {proposal.status === 'streaming' && (
        <p aria-hidden="true" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {aiName} is reading the note…
        </p>
      )}
      {streamed !== '' && (
        <pre
          aria-label={`${aiName}’s answer so far`}
          className="rounded-lg border bg-muted/40 p-3 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap"
        >
          {streamed}
        </pre>
      )}
      {proposal.status === 'failed' &&
        (proposal.failure.keyMissing ? (
          <ApiKeyMissingAlert />
        ) : (
          <InlineAlert
            tone="error"
            title={proposal.failure.message}
            actions={
              <Button size="sm" variant="outline" onClick={onRetry}>
                <RotateCcw aria-hidden="true" />
                Retry
              </Button>
            }
          />
        ))}
    </div>
  );
}
