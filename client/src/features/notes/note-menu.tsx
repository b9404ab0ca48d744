// The note screen's More menu (issue 33): Pin or Unpin, Archive or Unarchive, 'Find action items' (issue
// 35) and the switch 'Keep out of the assistant' (issue 34), checked while the note is kept out. Not
// modal, as the New menu: a modal menu hides the page from assistive technology while its buttons stay
// focusable.
import { useRef } from 'react';
import { Archive, ArchiveRestore, Ellipsis, EyeOff, Pin, PinOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import type { NoteView } from '../../data/notes';
import { cn } from '../../lib/utils';
import { usePlacementActions } from './placement-actions';
import { useFindActionItems } from '../ai';

export function NoteMenu({ note, className }: { note: NoteView; className?: string }) {
  const placement = usePlacementActions();
  // 'Find action items' (issue 35): its dialog sits in the menu's root, which outlives the closed content.
  const button = useRef<HTMLButtonElement>(null);
  const actionItems = useFindActionItems(note, button);
  const archived = note.archived_at !== null;
  return (
    <DropdownMenu modal={false}>
      {actionItems.dialog}
      <DropdownMenuTrigger asChild>
        <Button
          ref={button}
          variant="ghost"
          size="icon"
          aria-label="More actions"
          className={cn('flex-none', className)}
        >
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label="More actions">
        {!archived && (
          <DropdownMenuItem onSelect={() => void placement.togglePin(note)}>
            {note.pinned_at ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
            {note.pinned_at ? 'Unpin' : 'Pin to the top'}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void (archived ? placement.unarchive(note) : placement.archive(note))}>
          {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
          {archived ? 'Unarchive' : 'Archive'}
        </DropdownMenuItem>
        {actionItems.menuItem}
        <DropdownMenuCheckboxItem checked={note.ai_excluded} onCheckedChange={() => void placement.toggleKeepOut(note)}>
          <EyeOff aria-hidden="true" />
          Keep out of the assistant
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
