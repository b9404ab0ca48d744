// A note on the dashboard (spec section 2): title, 'Updated' and a relative time, the Checklist badge,
// the content clamped to 3 lines, the sync state, and View / Edit, Pin / Archive (issue 33) and Delete
// (which asks first, in ConfirmDeleteDialog, loaded as the pointer or focus reaches Delete).
import { memo } from 'react';
import { CheckSquare, Eye, Square } from 'lucide-react';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import type { NoteView } from '../../data/notes';
import { NoteCardBadges } from './note-card-badges';
import { NoteCardFrame } from './note-card-frame';
import { cardPreview } from './note-text';
import type { PlacementActions } from './placement-actions';
import { PinArchiveActions } from './note-card-actions';

export interface NoteCardProps {
  note: NoteView;
  onView: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
  placement: PlacementActions;
}

export const NoteCard = memo(function NoteCard({ note, onView, onDelete, placement }: NoteCardProps) {
  return (
    <NoteCardFrame
      note={note}
      badges={<NoteCardBadges note={note} />}
      view={{ icon: Eye, to: `/view/${note.id}`, onClick: () => onView(note) }}
      deleteLabel="Delete note"
      onDelete={() => onDelete(note)}
      onDeleteIntent={preloadConfirmDialog}
      actions={<PinArchiveActions note={note} placement={placement} />}
    >
      <CardBody note={note} />
    </NoteCardFrame>
  );
});

/** The note's text clamped to 3 lines, or a checklist's first items, or its plan: what the note holds. */
export function CardBody({ note }: { note: NoteView }) {
  const preview = cardPreview(note);
  if (preview.kind === 'items')
    return (
      <ul aria-label="First items" className="grid gap-1 text-sm text-muted-foreground">
        {preview.items.map((item) => (
          <li key={item.id} className="flex min-w-0 items-center gap-2">
            {item.completed ? (
              <CheckSquare aria-label="Done" className="size-4 shrink-0 text-primary" />
            ) : (
              <Square aria-label="Not done" className="size-4 shrink-0" />
            )}
            <span className={item.completed ? 'truncate line-through' : 'truncate'}>{item.text}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <p className="line-clamp-3 text-sm leading-relaxed whitespace-pre-line break-words text-muted-foreground">
      {preview.kind === 'text' ? preview.text : <span className="italic">No content</span>}
    </p>
  );
}
