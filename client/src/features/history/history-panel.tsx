// The History panel of a note (issue 32, "History"): a side sheet with the note's kept versions, one of
// them beside the note as it is now, Restore this version and Delete history. It needs the server;
// offline it says so and the rest of the app keeps working. Loaded when first opened.
import { useRef, useState, type RefObject } from 'react';
import { History, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '../../components/ui/sheet';
import type { NoteView } from '../../data/notes';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useHistory } from './api/get-history';
import type { CompareNotes } from './compare-notes';
import { DeleteHistory } from './delete-history';
import { HistoryBrowser } from './history-browser';
import { HISTORY_TEXT } from './history-text';
import { OfflineNotice } from './offline-notice';
import { useRestoreVersion } from './use-restore-version';

export interface HistoryPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  note: NoteView;
  compare: CompareNotes;
  unsavedChanges: boolean;
  /** Where focus goes back to when the panel closes: the button that opened it. */
  returnFocus: RefObject<HTMLElement | null>;
}

export function HistoryPanel({ open, onOpenChange, note, compare, unsavedChanges, returnFocus }: HistoryPanelProps) {
  const title = note.title.trim() || 'Untitled';
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      {/* Our own close button: a 36 px target, as the Connection Status sheet has. */}
      <SheetContent
        side="right"
        width="w-full md:max-w-3xl lg:max-w-5xl"
        gap="gap-0"
        showCloseButton={false}
        onCloseAutoFocus={(event) => {
          // Radix returns focus only to a Trigger of its own; the button lives outside this lazy panel.
          event.preventDefault();
          returnFocus.current?.focus();
        }}
        // React passes events up its own tree, through the portal: a question's form submitted in here
        // must not submit the Edit screen's form that the History button sits in.
        onSubmit={(event) => event.stopPropagation()}
      >
        <SheetHeader className="flex-row items-start gap-3 border-b p-5">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <SheetTitle className="flex items-center gap-2 text-lg">
              <History aria-hidden="true" className="size-5 text-primary" />
              {HISTORY_TEXT.title}
            </SheetTitle>
            <SheetDescription className="break-words">
              Earlier versions of “{title}”. Choose one to compare it with the note now, and restore it if you like.
            </SheetDescription>
          </div>
          <SheetClose asChild>
            <Button ref={closeRef} variant="ghost" size="icon" className="-mt-1.5 -mr-2" aria-label="Close">
              <X aria-hidden="true" />
            </Button>
          </SheetClose>
        </SheetHeader>
        <PanelBody
          note={note}
          compare={compare}
          unsavedChanges={unsavedChanges}
          onDone={() => onOpenChange(false)}
          fallbackFocus={closeRef}
        />
      </SheetContent>
    </Sheet>
  );
}

function PanelBody({
  note,
  compare,
  unsavedChanges,
  onDone,
  fallbackFocus,
}: {
  note: NoteView;
  compare: CompareNotes;
  unsavedChanges: boolean;
  onDone: () => void;
  /** Where focus goes when what had it is gone (Delete history, once there is none). */
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
  const online = useOnlineStatus();
  // A note made on this device that has not reached the server yet has no history there.
  const onServer = note.version.baseRevision !== null;
  const history = useHistory(note.id, online && onServer);
  const restore = useRestoreVersion(note.id);
  // Said inside the sheet: while it is open, the toasts outside are hidden from screen readers.
  const [announcement, setAnnouncement] = useState('');
  const versions = history.data?.pages.flatMap((page) => page.versions) ?? [];

  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex min-h-0 flex-1 flex-col">
        {!online ? (
          <OfflineNotice />
        ) : (
          <HistoryBrowser
            noteId={note.id}
            history={history}
            versions={versions}
            onServer={onServer}
            current={note}
            compare={compare}
            unsavedChanges={unsavedChanges}
            onRestore={async (version) => {
              await restore(version, { pendingHere: note.sync_state === 'pending' });
              onDone();
            }}
          />
        )}
      </div>
      <SheetFooter padding="p-5" className="border-t sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">{HISTORY_TEXT.retention}</p>
        {online && onServer && (
          <DeleteHistory
            noteId={note.id}
            hasVersions={versions.length > 0}
            noteTitle={note.title.trim() || 'Untitled'}
            onDeleted={() => setAnnouncement(HISTORY_TEXT.deleted)}
            fallbackFocus={fallbackFocus}
          />
        )}
      </SheetFooter>
    </>
  );
}
