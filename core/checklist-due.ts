// Checklist items' dates as the screens change them (issue 35): setting and clearing a date, taking the
// date of a phrase the user typed, and ticking, which moves a repeating item to its next date instead.
// Pure; the rules of the dates themselves are in due-dates.ts.
import type { ChecklistItem } from './note-fields';
import type { Repeat } from './note-constants';
import { dayInZone, nextDue } from './due-dates';

/** An item's date members: a due, and with it optionally a repeat and a reminder. */
export interface DueMembers {
  due: string;
  repeat?: Repeat | undefined;
  remind?: boolean | undefined;
}

/**
 * The item with `members` as its date, or without any date for null. The members are left out rather than
 * set to undefined, so the stored item has only what it holds. A reminder needs a time: a day has none.
 */
export function withDue(item: ChecklistItem, members: DueMembers | null): ChecklistItem {
  const { due: _due, repeat: _repeat, remind: _remind, ...rest } = item;
  if (!members) return rest;
  return {
    ...rest,
    due: members.due,
    ...(members.repeat ? { repeat: members.repeat } : {}),
    ...(members.remind && members.due.length > 10 ? { remind: true } : {}),
  };
}

/** What a typed date phrase gives (core/date-phrases.ts): its due, its repeat, and the text without it. */
export interface PhraseDate {
  due: string;
  repeat?: Repeat | undefined;
  textWithout: string;
}

/** The item dated by a phrase found in its text, the phrase taken out (unless nothing else is left). */
export function withPhraseDate(item: ChecklistItem, found: PhraseDate): ChecklistItem {
  const text = found.textWithout.trim();
  return withDue({ ...item, text: text === '' ? item.text : text }, { due: found.due, repeat: found.repeat });
}

/**
 * What ticking `item` does at `now`: an unticked repeating item with a date moves to its next date and
 * stays unticked (its reminder with it); any other item is ticked or unticked.
 */
export function tickOutcome(
  item: ChecklistItem,
  timeZone: string,
  now: Date,
): { kind: 'toggle' } | { kind: 'moved'; item: ChecklistItem } {
  if (item.completed || !item.repeat || !item.due) return { kind: 'toggle' };
  const next = nextDue(item.due, item.repeat, timeZone, dayInZone(now, timeZone));
  return next ? { kind: 'moved', item: { ...item, due: next } } : { kind: 'toggle' };
}

/** The list with item `id` replaced by `next`; the same list when there is no such item or nothing changes. */
export function replaceItem(items: ChecklistItem[], id: string, next: ChecklistItem): ChecklistItem[] {
  const at = items.findIndex((item) => item.id === id);
  if (at < 0 || items[at] === next) return items;
  return items.map((item, index) => (index === at ? next : item));
}

/**
 * The list after ticking item `id` (see tickOutcome), and the item as moved when it was a repeating one
 * (for the screen to say where it went).
 */
export function tickItem(
  items: ChecklistItem[],
  id: string,
  timeZone: string,
  now: Date,
): { items: ChecklistItem[]; moved: ChecklistItem | null } {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) return { items, moved: null };
  const outcome = tickOutcome(item, timeZone, now);
  if (outcome.kind === 'moved') return { items: replaceItem(items, id, outcome.item), moved: outcome.item };
  return { items: replaceItem(items, id, { ...item, completed: !item.completed }), moved: null };
}
