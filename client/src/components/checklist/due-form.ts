// The date dialog's form (issue 35) and the item's date members it stands for: a day from the date field,
// with a time an instant in the device's zone, a repeat, and a reminder that needs the time. Pure.
import type { ChecklistItem } from '#core/note';
import type { Repeat } from '#core/note-constants';
import type { DueMembers } from '#core/checklist-due';
import { dueDayOf, instantOf, parseDue, timeInZone } from '#core/due-dates';

export interface DueForm {
  /** `YYYY-MM-DD`, as `<input type="date">` gives it; '' for none. */
  date: string;
  /** `HH:MM`, as `<input type="time">` gives it; '' for none. */
  time: string;
  repeat: Repeat | 'none';
  remind: boolean;
}

export const REPEAT_CHOICES: readonly { value: DueForm['repeat']; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

/** The form showing an item's date in `timeZone` (an empty form for an item without one). */
export function formOf(item: Pick<ChecklistItem, 'due' | 'repeat' | 'remind'>, timeZone: string): DueForm {
  const parsed = parseDue(item.due);
  return {
    date: dueDayOf(item.due, timeZone) ?? '',
    time: parsed?.kind === 'instant' ? timeInZone(parsed.at, timeZone) : '',
    repeat: parsed ? (item.repeat ?? 'none') : 'none',
    remind: parsed?.kind === 'instant' && item.remind === true,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Some browsers give seconds when a time field has a step; the minutes are what the user chose.
const TIME = /^(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The date members the form says; null without a valid date (a time alone is no date). A time is the
 * instant it is on that day in `timeZone`; the reminder is kept only with a time.
 */
export function membersOf(form: DueForm, timeZone: string): DueMembers | null {
  if (!DAY.test(form.date) || dueDayOf(form.date, timeZone) === null) return null;
  const time = TIME.exec(form.time)?.[1];
  let due = form.date;
  if (time) {
    try {
      due = instantOf(form.date, time, timeZone).toISOString();
    } catch {
      // A time the zone rules refuse (a malformed one): the day alone.
    }
  }
  const timed = due !== form.date;
  return {
    due,
    ...(form.repeat !== 'none' ? { repeat: form.repeat } : {}),
    ...(timed && form.remind ? { remind: true } : {}),
  };
}
