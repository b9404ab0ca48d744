// A note on the dashboard (spec section 2): title, 'Updated' and a relative time, the Checklist badge,
// the content clamped to 3 lines, the sync state, and View / Edit / Delete.
import { memo } from 'react';
import { Eye, GitCompare, ListChecks } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import type { NoteView } from '../../data/notes';
import { NoteCardFrame } from './note-card-frame';
import { isConflictCopy } from './note-text';

export interface NoteCardProps {
  note: NoteView;
  onView: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
}

export const NoteCard = memo(function NoteCard({ note, onView, onDelete }: NoteCardProps) {
  const badges = (
    <>
      {note.is_checklist && (
        <Badge variant="success">
          <ListChecks aria-hidden="true" />
          Checklist
        </Badge>
      )}
      {isConflictCopy(note) && (
        <Badge variant="outline" className="border-amber-600/50 text-amber-800 dark:border-amber-400/50 dark:text-amber-200">
          <GitCompare aria-hidden="true" />
          Conflict copy
        </Badge>
      )}
    </>
  );

  return (
    <NoteCardFrame note={note} badges={badges} view={{ icon: Eye, to: `/view/${note.id}`, onClick: () => onView(note) }} deleteLabel="Delete note" onDelete={() => onDelete(note)}>
      <p className="line-clamp-3 text-sm leading-relaxed whitespace-pre-line break-words text-muted-foreground">
        {note.content.trim() || <span className="italic">No content</span>}
      </p>
    </NoteCardFrame>
  );
});
