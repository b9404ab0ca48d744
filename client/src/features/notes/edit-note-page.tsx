// Edit Note, /edit/{id} (spec sections 2 and 4): loads the note into the form (or says it was not found
// and goes to /), then hands over to the form, which keeps working even if the note disappears meanwhile.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { NOTE_MESSAGES, type NoteView } from '../../data/notes';
import { EditNoteForm } from './edit-note-form';
import { preloadMarkdownEditor } from './editor/lazy-markdown-editor';

// The editor's chunk loads beside this screen's, not after the form has rendered.
preloadMarkdownEditor();
import { showToast } from './note-actions';
import { useLoadedNote } from './use-loaded-note';
import { useUserId } from '../../data/auth';

export function EditNotePage() {
  const { id } = useParams();
  const userId = useUserId();
  const loaded = useLoadedNote(userId, id);
  const navigate = useNavigate();
  // The note as first loaded: the form starts from it and saves on top of it [S20].
  const [held, setHeld] = useState<{ id: string; note: NoteView } | null>(null);
  if (loaded.status === 'found' && held?.id !== loaded.note.id) setHeld({ id: loaded.note.id, note: loaded.note });
  const current = held?.id === id ? held : null;
  const missing = loaded.status === 'missing' && current === null;

  useEffect(() => {
    if (!missing) return;
    showToast(NOTE_MESSAGES.noteNotFound);
    void navigate('/', { replace: true });
  }, [missing, navigate]);

  if (!current || !id) return <FullPageSpinner />;
  return (
    <EditNoteForm
      key={current.id}
      initialNote={current.note}
      liveNote={loaded.status === 'found' ? loaded.note : null}
    />
  );
}
