// A note on the dashboard (spec section 2): title, 'Updated' and a relative time, the Checklist badge,
// the content clamped to 3 lines, the sync state, and View / Edit / Delete (which asks first, in
// ConfirmDeleteDialog, loaded as the pointer or focus reaches Delete).
import { memo } from 'react';
import { Eye } from 'lucide-react';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import type { NoteView } from '../../data/notes';
import { NoteCardBadges } from './note-card-badges';
import { NoteCardFrame } from './note-card-frame';

export interface NoteCardProps {
  note: NoteView;
  onView: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
}

export const NoteCard = memo(function NoteCard({ note, onView, onDelete }: NoteCardProps) {
  return (
    <NoteCardFrame
      note={note}
      badges={<NoteCardBadges note={note} />}
      view={{ icon: Eye, to: `/view/${note.id}`, onClick: () => onView(note) }}
      deleteLabel="Delete note"
      onDelete={() => onDelete(note)}
      onDeleteIntent={preloadConfirmDialog}
    >
      <p className="line-clamp-3 text-sm leading-relaxed whitespace-pre-line break-words text-muted-foreground">
        {note.content.trim() || <span className="italic">No content</span>}
      </p>
    </NoteCardFrame>
  );
});
