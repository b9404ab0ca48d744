// When the open app reminds (issue 35), pure: the items with a reminder at an instant, which of them are
// due to be shown now, and when to look again. A reminder whose time passed while no tab could show it
// (the laptop asleep, the app closed) is still shown within the grace period, never twice for the same
// note, item and due: a repeating item's next date is a new reminder.
import type { ChecklistItem } from '#core/note';
import { parseDue } from '#core/due-dates';

/** How late a reminder is still shown: the time of a morning's coffee, not yesterday's appointments. */
export const REMINDER_GRACE_MS = 60 * 60_000;

export interface Reminder {
  noteId: string;
  noteTitle: string;
  itemId: string;
  text: string;
  due: string;
  /** The due's epoch milliseconds. */
  at: number;
}

interface RemindingNote {
  id: string;
  title: string;
  checklist_items: readonly ChecklistItem[] | null;
}

/** What identifies one reminder once shown. */
export function reminderKey(reminder: Pick<Reminder, 'noteId' | 'itemId' | 'due'>): string {
  return `${reminder.noteId} ${reminder.itemId} ${reminder.due}`;
}

/** The notes' unticked items with a reminder at an instant, earliest first. */
export function remindersOf(notes: readonly RemindingNote[]): Reminder[] {
  const reminders: Reminder[] = [];
  for (const note of notes) {
    for (const item of note.checklist_items ?? []) {
      if (item.completed || item.remind !== true) continue;
      const parsed = parseDue(item.due);
      if (parsed?.kind !== 'instant') continue;
      reminders.push({
        noteId: note.id,
        noteTitle: note.title,
        itemId: item.id,
        text: item.text,
        due: item.due!,
        at: parsed.at.getTime(),
      });
    }
  }
  return reminders.sort((a, b) => a.at - b.at);
}

/**
 * The reminders to show at `now` (their time has come, within the grace period, and not shown before) and
 * the time of the next one still ahead (null for none).
 */
export function planReminders(
  reminders: readonly Reminder[],
  now: number,
  shown: ReadonlySet<string>,
  graceMs = REMINDER_GRACE_MS,
): { due: Reminder[]; nextAt: number | null } {
  const due: Reminder[] = [];
  let nextAt: number | null = null;
  for (const reminder of reminders) {
    if (shown.has(reminderKey(reminder))) continue;
    if (reminder.at > now) nextAt = nextAt === null ? reminder.at : Math.min(nextAt, reminder.at);
    else if (reminder.at > now - graceMs) due.push(reminder);
  }
  return { due, nextAt };
}
