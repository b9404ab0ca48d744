// 'Expand with <assistant name>' on a note (issue 12, point 1): opens the creation conversation on /new
// seeded with this note's text; the plan it makes is saved back into this note.
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useAiPreferences } from '../../data/ai-preferences';
import type { NoteView } from '../../data/notes';

/** The /new address that expands `noteId` (read by the creation flow). */
export function expandNotePath(noteId: string): string {
  return `/new?expand=${encodeURIComponent(noteId)}`;
}

export function ExpandWithAssistant({ note, className }: { note: NoteView; className?: string }) {
  const { preferences } = useAiPreferences();
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <Link to={expandNotePath(note.id)}>
        <Sparkles aria-hidden="true" className="text-primary" />
        Expand with {preferences.aiName}
      </Link>
    </Button>
  );
}
