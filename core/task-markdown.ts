// One checklist item as a Markdown task line and back, in the emoji form of Obsidian's Tasks plugin, which
// other apps read too: `- [ ] call the venue 🔁 every week 📅 2026-03-31` (issue 35, the Markdown export).
// Tasks has no times: a time is written `⏰ 09:00` before its fields, which must end the line for Tasks to
// read them, so Tasks shows the time in the description and keeps it when it makes the next occurrence.
import type { ChecklistItem } from './note-fields';
import type { Repeat } from './note-constants';
import { parseDue } from './due-dates';
import { dayInZone, instantOf, isDay, timeInZone } from './zoned-time';

/** What a task line holds, in the item's own shape: `due` a day or, with `⏰`, an instant in UTC. */
export interface TaskLine {
  text: string;
  completed: boolean;
  due?: string;
  repeat?: Repeat;
}

const RECURRENCE: Record<Repeat, string> = { daily: 'every day', weekly: 'every week', monthly: 'every month' };

/**
 * The item as one Markdown task line. A due instant is written as its day and time in `timeZone`, to the
 * minute; a line break in the text becomes a space, since a task is one line. Reminders are not written:
 * the Markdown form has no field for them (the JSON export keeps them).
 */
export function itemToMarkdownLine(
  item: Pick<ChecklistItem, 'text' | 'completed' | 'due' | 'repeat'>,
  timeZone: string,
): string {
  const parts = [`- [${item.completed ? 'x' : ' '}]`, item.text.replace(/\s*[\r\n]+\s*/g, ' ').trim()];
  const due = parseDue(item.due);
  if (due?.kind === 'instant') parts.push(`⏰ ${timeInZone(due.at, timeZone)}`);
  if (due && item.repeat) parts.push(`🔁 ${RECURRENCE[item.repeat]}`);
  if (due) parts.push(`📅 ${due.kind === 'day' ? due.day : dayInZone(due.at, timeZone)}`);
  return parts.filter((part) => part !== '').join(' ');
}

const TASK = /^\s*(?:[-*+]|\d+[.)])\s+\[(.)\][ \t]*(.*)$/u;
// Tasks' own signifiers, each with the optional variation selector some keyboards add: 📅, 📆 or 🗓 for due.
const DUE_FIELD = /(?:📅|📆|🗓)\uFE0F?\s*(\d{4}-\d{2}-\d{2})(?![\d-])/gu;
const TIME_FIELD = /⏰\uFE0F?\s*([01]?\d|2[0-3]):([0-5]\d)(?!\d)/gu;
const REPEAT_FIELD = /🔁\uFE0F?\s*([a-zA-Z0-9, !]+)/gu;

/** The last match of a global pattern: Tasks reads its fields from the line's end. */
function lastMatch(pattern: RegExp, text: string): RegExpExecArray | null {
  let last: RegExpExecArray | null = null;
  for (const match of text.matchAll(pattern)) last = match as RegExpExecArray;
  return last;
}

/** The repeat a Tasks recurrence rule names, when an item can hold it ('every week on Monday' is weekly). */
function repeatOf(rule: string): Repeat | null {
  const match =
    /^(?:every\s+(?:1\s+)?(day|week|month)|(daily|weekly|monthly))(?:\s+on\s+[a-z0-9 ,]+)?(?:\s+when\s+done)?$/i.exec(
      rule.trim().replace(/\s+/g, ' '),
    );
  const unit = (match?.[1] ?? match?.[2] ?? '').toLowerCase();
  if (unit === 'day' || unit === 'daily') return 'daily';
  if (unit === 'week' || unit === 'weekly') return 'weekly';
  if (unit === 'month' || unit === 'monthly') return 'monthly';
  return null;
}

function without(text: string, matches: ReadonlyArray<RegExpExecArray | null>): string {
  const spans = matches.filter((match): match is RegExpExecArray => match !== null).sort((a, b) => b.index - a.index);
  let rest = text;
  for (const match of spans) rest = rest.slice(0, match.index) + ' ' + rest.slice(match.index + match[0].length);
  return rest;
}

/**
 * A Markdown task line read back: null when the line is no task. `[x]` and `[X]` are done, any other status
 * (Tasks' `[/]`, `[-]`) is not. Its due, time and repeat become the item's; fields an item cannot hold
 * (Tasks' priorities, ➕ created, ⏳ scheduled, 🆔 ...; a repeat like 'every 2 weeks'; a time or repeat
 * without a due) stay in the text as written, so nothing the user wrote is lost.
 */
export function parseTaskLine(line: string, timeZone: string): TaskLine | null {
  const task = TASK.exec(line);
  if (!task) return null;
  const completed = task[1] === 'x' || task[1] === 'X';
  const body = task[2] ?? '';
  const dueField = lastMatch(DUE_FIELD, body);
  const day = dueField?.[1];
  if (!dueField || !isDay(day)) return { text: tidy(body), completed };
  const timeField = lastMatch(TIME_FIELD, body);
  const repeatField = lastMatch(REPEAT_FIELD, body);
  const repeat = repeatField?.[1] ? repeatOf(repeatField[1]) : null;
  const time = timeField ? `${timeField[1]?.padStart(2, '0')}:${timeField[2]}` : null;
  const due = time ? instantOf(day, time, timeZone).toISOString() : day;
  const text = tidy(without(body, [dueField, timeField, repeat ? repeatField : null]));
  return { text, completed, due, ...(repeat ? { repeat } : {}) };
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
