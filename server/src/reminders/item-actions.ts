// What 'Done' does to a note's checklist, as pure functions over the stored items: the reminded item is
// ticked, or, when it repeats, moved to its next date and left unticked (as the app does when the user
// ticks it). Every other item, and every member of this one that is not touched, is written back as it
// was stored.
import { REPEATS, type Repeat } from '#core/note-constants';

export type DoneOutcome =
  /** The item's changed list, with the item as it now is. */
  | { kind: 'ticked' | 'moved'; items: unknown[]; due: string }
  /** Already done for this due date: ticked, or moved on (a repeat done, a new date): nothing to write. */
  | { kind: 'unchanged' }
  | { kind: 'missing' };

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The item `itemId` of a stored checklist, if there is one. */
export function findItem(stored: unknown, itemId: string): Item | undefined {
  if (!Array.isArray(stored)) return undefined;
  return stored.find((item): item is Item => isItem(item) && item.id === itemId);
}

/** Whether the item is still the reminder at `due`: there, due then, not yet ticked. */
export function isPendingReminder(item: Item | undefined, due: string): boolean {
  return item !== undefined && item.due === due && item.completed !== true;
}

/**
 * 'Done' on the reminder of item `itemId` at `due`; `next` moves a repeating item on (core/due-dates.ts's
 * nextDue; null for a date it cannot read, and the item is ticked, as core/checklist-due.ts's tickOutcome does).
 */
export function markDone(
  stored: unknown,
  itemId: string,
  due: string,
  next: (due: string, repeat: Repeat) => string | null,
): DoneOutcome {
  const item = findItem(stored, itemId);
  if (!item || !Array.isArray(stored)) return { kind: 'missing' };
  if (!isPendingReminder(item, due)) return { kind: 'unchanged' };
  const repeat =
    typeof item.repeat === 'string' && (REPEATS as readonly string[]).includes(item.repeat)
      ? (item.repeat as Repeat)
      : null;
  const moved = repeat ? next(due, repeat) : null;
  const changed: Item = moved ? { ...item, due: moved } : { ...item, completed: true };
  return {
    kind: moved ? 'moved' : 'ticked',
    items: stored.map((each) => (each === item ? changed : each)),
    due: changed.due as string,
  };
}
