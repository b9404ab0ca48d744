// The History button of a note's screens (view and edit): opens the note's History panel, whose code
// loads on the intent to open it, not with the screen.
import { useRef, useState } from 'react';
import { History } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { NoteView } from '../../data/notes';
import { lazyWithPreload, preloadOnIntent, useOpenedOnce } from '../../lib/lazy-with-preload';
import type { CompareNotes } from './compare-notes';

const HistoryPanel = lazyWithPreload(() => import('./history-panel').then((m) => m.HistoryPanel));

export interface HistoryButtonProps {
  /** The note as the screen has it: the versions are compared with it. */
  note: NoteView;
  compare: CompareNotes;
  /** The screen holds changes not saved yet (Edit): restoring waits for them. */
  unsavedChanges?: boolean;
  /** 'icon' for a bar of icon buttons (the view screen's mobile actions). */
  look?: 'labelled' | 'icon';
  className?: string;
}

export function HistoryButton({
  note,
  compare,
  unsavedChanges = false,
  look = 'labelled',
  className,
}: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant={look === 'icon' ? 'ghost' : 'outline'}
        size={look === 'icon' ? 'icon' : 'default'}
        aria-label={look === 'icon' ? 'History' : undefined}
        aria-haspopup="dialog"
        className={className}
        onClick={() => setOpen(true)}
        {...preloadOnIntent(HistoryPanel.preload)}
      >
        <History aria-hidden="true" />
        {look === 'labelled' && 'History'}
      </Button>
      {opened && (
        <HistoryPanel
          open={open}
          onOpenChange={setOpen}
          note={note}
          compare={compare}
          unsavedChanges={unsavedChanges}
          returnFocus={buttonRef}
        />
      )}
    </>
  );
}
