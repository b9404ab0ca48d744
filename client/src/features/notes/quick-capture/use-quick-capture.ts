// Quick capture (issue 12, point 1): a note or a checklist made at once, without the assistant, online
// or offline. It is an ordinary local write [S1]; the editor opens with its title selected, so typing
// names it, as do the keys typed before the editor is there (capture-keys.ts). Offline the toast says the
// note waits on this device.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { NOTE_MESSAGES, notifyWrite, useNotesActions } from '../../../data/notes';
import { showToast } from '../note-actions';
import type { EditEntryState } from '../edit-entry';
import { useUserId } from '../../../data/auth';
import { holdCaptureKeys, releaseCaptureKeys } from './capture-keys';
import { keepOpenCapture } from './open-captures';
import type { SharedNote } from './shared-note';

export const QUICK_NOTE_TITLE = 'Untitled note';
export const QUICK_CHECKLIST_TITLE = 'Untitled checklist';

export type QuickCaptureKind = 'note' | 'checklist';

export interface QuickCaptureOptions {
  /** What another app shared (the manifest's share_target), as the note's title and text. */
  shared?: SharedNote;
  /**
   * The editor replaces the current history entry, and a failure goes to the dashboard: for a screen
   * that exists only to make the note (/capture), which Back must not run again.
   */
  replace?: boolean;
}

export interface QuickCapture {
  quickNote: (options?: QuickCaptureOptions) => Promise<void>;
  newChecklist: () => Promise<void>;
}

export function useQuickCapture(): QuickCapture {
  const { createNote } = useNotesActions();
  const navigate = useNavigate();
  const userId = useUserId();

  const capture = useCallback(
    async (kind: QuickCaptureKind, { shared, replace = false }: QuickCaptureOptions = {}) => {
      holdCaptureKeys();
      try {
        const checklist = kind === 'checklist';
        const { note, cloud } = await createNote({
          title: shared?.title ?? (checklist ? QUICK_CHECKLIST_TITLE : QUICK_NOTE_TITLE),
          content: shared?.content ?? '',
          is_checklist: checklist,
          checklist_items: checklist ? [] : null,
        });
        // Left without a save, an empty note is not kept, even by a page that ends with its editor open
        // (open-captures.ts); one holding what another app shared is. A plain note's edit screen shows its
        // text and its checklist together (issue 33).
        if (!shared && userId) await keepOpenCapture(userId, { id: note.id, mutationId: note.version.mutationId });
        const state: EditEntryState = { focus: 'title', ...(!shared && { fresh: true }) };
        await navigate(`/edit/${note.id}`, { state, replace });
        void notifyWrite('create', cloud, { offline: 'tell' });
      } catch (error) {
        releaseCaptureKeys();
        console.error('Error creating note:', error);
        showToast(NOTE_MESSAGES.creationSaveFailed);
        if (replace) await navigate('/', { replace: true });
      }
    },
    [createNote, navigate, userId],
  );

  return {
    quickNote: useCallback((options?: QuickCaptureOptions) => capture('note', options), [capture]),
    newChecklist: useCallback(() => capture('checklist'), [capture]),
  };
}
