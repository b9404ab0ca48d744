// Where focus goes when a restore or a deletion takes cards away: to the Restore button of the card now in
// the first one's place (the one before it when it was the last), or to the heading once the Trash is
// empty. It waits until the notes are gone from the list and any dialog that asked has closed, since an
// open dialog keeps focus inside it.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { NoteView } from '../../data/notes';
import { RESTORE_BUTTON_ATTRIBUTE } from './trash-note-card';

interface Removal {
  ids: ReadonlySet<string>;
  /** Where the first of them was in the list. */
  index: number;
}

export interface FocusAfterRemoval {
  /** The notes of `ids`, the first at `index`, are about to leave the list. */
  expect(ids: readonly string[], index: number): void;
  /** They stay after all (a failure, or a note changed elsewhere): focus returns to the heading if it was lost. */
  cancel(): void;
  /** Whether a removal is awaited (a closing dialog then leaves focus to this hook). */
  awaiting(): boolean;
}

export function useFocusAfterRemoval({
  notes,
  dialogShown,
  list,
  heading,
}: {
  notes: readonly NoteView[] | undefined;
  /** A dialog is on screen (until its closing has ended). */
  dialogShown: boolean;
  list: RefObject<HTMLElement | null>;
  heading: RefObject<HTMLElement | null>;
}): FocusAfterRemoval {
  const pending = useRef<Removal | null>(null);

  useEffect(() => {
    const removal = pending.current;
    if (!removal || dialogShown || notes === undefined || notes.some((note) => removal.ids.has(note.id))) return;
    pending.current = null;
    const next = notes[Math.min(removal.index, notes.length - 1)];
    const button = next ? list.current?.querySelector<HTMLElement>(`[${RESTORE_BUTTON_ATTRIBUTE}="${next.id}"]`) : null;
    (button ?? heading.current)?.focus();
  }, [notes, dialogShown, list, heading]);

  const expect = useCallback((ids: readonly string[], index: number) => {
    pending.current = { ids: new Set(ids), index };
  }, []);
  const cancel = useCallback(() => {
    pending.current = null;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [heading]);
  const awaiting = useCallback(() => pending.current !== null, []);

  return { expect, cancel, awaiting };
}
