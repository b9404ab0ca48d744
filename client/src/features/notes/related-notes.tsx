// 'Related notes' (issue 34, item 4): the notes closest in meaning to this one, each with the passage that
// made it related, under the note's content. Shown only while the user lets the assistant use their notes
// and the device is online; nothing at all otherwise.
import { Sparkles } from 'lucide-react';
import { useRelatedNotes } from '../../data/assistant';
import { NoteLinksSection } from './note-links-section';
import { markdownAsText } from './note-text';

export function RelatedNotes({ noteId }: { noteId: string }) {
  const related = useRelatedNotes(noteId);
  return (
    <NoteLinksSection
      icon={Sparkles}
      heading="Related notes"
      items={(related ?? []).map((match) => ({
        noteId: match.noteId,
        title: match.title || 'Untitled note',
        detail: markdownAsText(match.passage),
      }))}
    />
  );
}
