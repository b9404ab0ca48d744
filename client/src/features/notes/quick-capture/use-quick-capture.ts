// Quick capture (issue 12, point 1): a note or a checklist made at once, without the assistant, online
// or offline. It is an ordinary local write [S1]; the editor opens with its title selected, so typing
// names it. Offline the toast says the note waits on this device.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { NOTE_MESSAGES, notifyWrite, useNotesActions } from '../../../data/notes';
import { showToast } from '../note-actions';
import type { EditEntryState } from '../edit-entry';

export const QUICK_NOTE_TITLE = 'Untitled note';
export const QUICK_CHECKLIST_TITLE = 'Untitled checklist';

export type QuickCaptureKind = 'note' | 'checklist';

export interface QuickCapture {
  quickNote: () => Promise<void>;
  newChecklist: () => Promise<void>;
}

export function useQuickCapture(): QuickCapture {
  const { createNote } = useNotesActions();
  const navigate = useNavigate();

  const capture = useCallback(
    async (kind: QuickCaptureKind) => {
      try {
        const checklist = kind === 'checklist';
        const { note, cloud } = await createNote({
          title: checklist ? QUICK_CHECKLIST_TITLE : QUICK_NOTE_TITLE,
          content: '',
          is_checklist: checklist,
          checklist_items: checklist ? [] : null,
        });
        const state: EditEntryState = { focus: 'title', tab: checklist ? 'expanded' : 'original' };
        await navigate(`/edit/${note.id}`, { state });
        void notifyWrite('create', cloud, { offline: 'tell' });
      } catch (error) {
        console.error('Error creating note:', error);
        showToast(NOTE_MESSAGES.creationSaveFailed);
      }
    },
    [createNote, navigate],
  );

  return {
    quickNote: useCallback(() => capture('note'), [capture]),
    newChecklist: useCallback(() => capture('checklist'), [capture]),
  };
}
