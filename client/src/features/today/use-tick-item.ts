// Ticking a dated item where its note is not open (issue 35): the Today screen's checkboxes and a
// reminder's Done. The note is written through the notes' one write path, so it is kept on this device at
// once and syncs; a repeating item moves to its next date instead, and the toast says where.
import { useCallback } from 'react';
import { tickItem } from '#core/checklist-due';
import { NOTE_MESSAGES, notifyWrite, useNotesActions, writeKindOf, type NoteView } from '../../data/notes';
import { deviceTimeZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { dueText } from '../../components/checklist/due-text';

/** Ticks item `itemId` of `note` as the screen showed it; resolves once it is stored on this device. */
export function useTickItem(): (note: NoteView, itemId: string) => Promise<void> {
  const { updateNote } = useNotesActions();
  return useCallback(
    async (note, itemId) => {
      const timeZone = deviceTimeZone();
      const now = new Date();
      const { items, moved } = tickItem(note.checklist_items ?? [], itemId, timeZone, now);
      if (items === note.checklist_items) return;
      try {
        const result = await updateNote(note.id, { checklist_items: items }, { basedOn: note });
        if (moved) toast({ title: `Next: ${dueText(moved.due, now, timeZone)}`, description: moved.text });
        void notifyWrite(writeKindOf(result.note), result.cloud, { offline: 'quiet' });
      } catch (error) {
        console.error('Error updating note:', error);
        toast(NOTE_MESSAGES.editSaveFailed);
      }
    },
    [updateNote],
  );
}
