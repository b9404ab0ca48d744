// 'Linked from' (issue 33): the notes that link to this one, newest first, under the note's content.
import { Link2 } from 'lucide-react';
import { useLinkingNotes } from '../../data/notes';
import { NoteLinksSection } from './note-links-section';
import { noteTitle } from './note-text';

export function LinkedFrom({ noteId }: { noteId: string }) {
  const notes = useLinkingNotes(noteId);
  return (
    <NoteLinksSection
      icon={Link2}
      heading="Linked from"
      items={(notes ?? []).map((note) => ({ noteId: note.id, title: noteTitle(note) }))}
    />
  );
}
