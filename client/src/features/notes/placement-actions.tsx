// Pin and archive (issue 33), one way from every screen: a pin is seen at once (the card moves to the
// front, its button says so); archiving tells the user where the note went and offers Undo for the
// toast's 5 seconds, as a deletion does. Keeping a note out of the assistant (issue 34) says so in a toast.
// None changes what the note says, so none asks first.
import { lazy, useCallback, useMemo, type ReactElement } from 'react';
import { notifyWrite, useNotesActions, type NotesActions, type NoteView, type ToastMessage } from '../../data/notes';
import { toast } from '../../lib/toast';
import { noteTitle } from './note-text';

const ToastAction = lazy(() => import('../../components/ui/toast').then((m) => ({ default: m.ToastAction })));

export const PLACEMENT_MESSAGES = {
  archived: (title: string): ToastMessage => ({
    title: 'Note archived',
    description: `“${title}” is in the Archive, out of your lists. Search still finds it.`,
  }),
  unarchived: (title: string): ToastMessage => ({
    title: 'Back in your notes',
    description: `“${title}” is in your lists again.`,
  }),
  keptOut: (title: string): ToastMessage => ({
    title: 'Kept out of the assistant',
    description: `Nothing of “${title}” is sent to the AI.`,
  }),
  letIn: (title: string): ToastMessage => ({
    title: 'Back in the assistant’s view',
    description: `“${title}” can be sent to the AI again.`,
  }),
  failed: { title: 'Error', description: 'The note could not be changed. Please try again.', variant: 'destructive' },
} satisfies Record<string, ToastMessage | ((title: string) => ToastMessage)>;

export interface PlacementActions {
  /** Pins the note, or unpins a pinned one. */
  togglePin: (note: NoteView) => Promise<void>;
  /** Archives the note (and unpins it), with Undo. */
  archive: (note: NoteView) => Promise<void>;
  /** Brings an archived note back to the lists. */
  unarchive: (note: NoteView) => Promise<void>;
  /** Keeps the note out of the assistant, or lets a kept-out one back in (issue 34). */
  toggleKeepOut: (note: NoteView) => Promise<void>;
}

type Place = NotesActions['placeNote'];

/** Places the note and tells how it went: `saved` at once (with `action`, e.g. Undo), then the sync's word. */
async function place(
  placeNote: Place,
  note: NoteView,
  placement: Parameters<Place>[1],
  saved?: ToastMessage,
  action?: ReactElement,
): Promise<void> {
  try {
    const result = await placeNote(note.id, placement);
    if (result.status === 'done') void notifyWrite('update', result.cloud, { offline: 'quiet', saved, action });
  } catch (error) {
    console.error('Error changing note:', error);
    toast(PLACEMENT_MESSAGES.failed);
  }
}

export function usePlacementActions(): PlacementActions {
  const { placeNote } = useNotesActions();
  const unarchive = useCallback(
    (note: NoteView) => place(placeNote, note, { archived: false }, PLACEMENT_MESSAGES.unarchived(noteTitle(note))),
    [placeNote],
  );
  const archive = useCallback(
    (note: NoteView) => {
      const title = noteTitle(note);
      // Undo brings the pin back too: archiving took it.
      const undo = () =>
        void place(
          placeNote,
          note,
          { archived: false, pinned: note.pinned_at !== null },
          PLACEMENT_MESSAGES.unarchived(title),
        );
      const action = (
        <ToastAction altText="Undo: bring the note back from the Archive" onClick={undo}>
          Undo
        </ToastAction>
      );
      return place(placeNote, note, { archived: true }, PLACEMENT_MESSAGES.archived(title), action);
    },
    [placeNote],
  );
  const togglePin = useCallback(
    (note: NoteView) => place(placeNote, note, { pinned: note.pinned_at === null }),
    [placeNote],
  );
  // Said at once, as the note's text goes to the AI or not from now on, whatever the sync's word.
  const toggleKeepOut = useCallback(
    (note: NoteView) => {
      const keep = !note.ai_excluded;
      const said = keep ? PLACEMENT_MESSAGES.keptOut : PLACEMENT_MESSAGES.letIn;
      return place(placeNote, note, { aiExcluded: keep }, said(noteTitle(note)));
    },
    [placeNote],
  );
  return useMemo(
    () => ({ togglePin, archive, unarchive, toggleKeepOut }),
    [togglePin, archive, unarchive, toggleKeepOut],
  );
}
