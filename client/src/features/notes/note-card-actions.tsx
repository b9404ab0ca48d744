// The icon buttons a card offers beside Delete (issue 33): Pin or Unpin and Archive on the lists (the
// Archive's Unarchive is its own). Each names its note for a screen reader, as Delete does.
import type { ReactNode } from 'react';
import { Archive, Pin, PinOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import type { NoteView } from '../../data/notes';
import { noteTitle } from './note-text';
import type { PlacementActions } from './placement-actions';

// Made once: a card drawn again unchanged does not redraw its icons.
const PIN_ICON = <Pin aria-hidden="true" />;
const UNPIN_ICON = <PinOff aria-hidden="true" />;
const ARCHIVE_ICON = <Archive aria-hidden="true" />;

/** An icon button with a tooltip, named for a screen reader by `label`. */
export function IconAction({
  tip,
  label,
  onClick,
  icon,
}: {
  tip: string;
  label: string;
  onClick: () => void;
  icon: ReactNode;
}) {
  return (
    <Tooltip content={tip}>
      <Button variant="ghost" size="icon-sm" className="text-muted-foreground" aria-label={label} onClick={onClick}>
        {icon}
      </Button>
    </Tooltip>
  );
}

export function PinArchiveActions({ note, placement }: { note: NoteView; placement: PlacementActions }) {
  const title = noteTitle(note);
  const pinned = note.pinned_at !== null;
  return (
    <>
      <IconAction
        tip={pinned ? 'Unpin' : 'Pin to the top'}
        label={`${pinned ? 'Unpin' : 'Pin'} ${title}`}
        onClick={() => void placement.togglePin(note)}
        icon={pinned ? UNPIN_ICON : PIN_ICON}
      />
      <IconAction
        tip="Archive"
        label={`Archive ${title}`}
        onClick={() => void placement.archive(note)}
        icon={ARCHIVE_ICON}
      />
    </>
  );
}
