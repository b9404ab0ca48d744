// The badges a note's card shows beside its title, on the lists and in search results: Checklist, and
// Conflict copy for a copy made when two devices changed the note (docs/sync.md [S23]).
import { GitCompare, ListChecks } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import type { NoteView } from '../../data/notes';
import { isConflictCopy } from './note-text';

export function NoteCardBadges({ note }: { note: NoteView }) {
  return (
    <>
      {note.is_checklist && (
        <Badge variant="success">
          <ListChecks aria-hidden="true" />
          Checklist
        </Badge>
      )}
      {isConflictCopy(note) && (
        <Badge
          variant="outline"
          className="border-amber-600/50 text-amber-800 dark:border-amber-400/50 dark:text-amber-200"
        >
          <GitCompare aria-hidden="true" />
          Conflict copy
        </Badge>
      )}
    </>
  );
}
