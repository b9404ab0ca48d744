// 'Find action items' (issue 35, item 5): the assistant's proposal read into steps, and the steps the user
// kept appended to a note's checklist. The reply is a numbered (or bulleted) list whose dated lines end in
// ` (due YYYY-MM-DD)`; what a model adds around the list (a heading, a closing remark) is not a step.
import { isDue, type MakeId } from './checklist';
import type { ChecklistItem } from './note-fields';
import { NOTE_LIMITS } from './note-constants';
import { randomUuid } from './random-id';

/** The most steps one proposal offers (the prompt asks for at most this many). */
export const ACTION_ITEMS_MAX = 10;

/** One proposed step: its text and, when the note implies one, the day it is due (in the user's zone). */
export interface ActionItem {
  text: string;
  due?: string;
}

// '1. ', '2) ', '- ', '* ', '• ', optionally bold ('**1.**'), then the text.
const LIST_LINE = /^\s*(?:(?:\*\*|__)?\d{1,3}[.)](?:\*\*|__)?|[-*+•])\s+(.*\S)\s*$/u;
// The date at the end, as the prompt asks (` (due 2026-03-27)`), with the variants models write.
const DUE_SUFFIX = /\s*[([]\s*(?:due|by)\s*:?\s*(\d{4}-\d{2}-\d{2})\s*[)\]]\s*\.?$/iu;
const DAY = /^\d{4}-\d{2}-\d{2}$/u;
// A task-list box a model may copy from markdown: '- [ ] Book the venue'.
const TASK_BOX = /^\[[ xX]\]\s+/u;
// Emphasis around the whole step: '**Book the venue**'.
const WRAPPED = /^(\*\*|__)(.+)\1$/u;

/** A `YYYY-MM-DD` that names a real day (not 30 February). */
function isDay(value: string): boolean {
  return DAY.test(value) && isDue(value);
}

/** One line of the reply as a step, or null when it is not a list line or says nothing. */
function readLine(line: string): ActionItem | null {
  const listed = LIST_LINE.exec(line)?.[1];
  if (listed === undefined) return null;
  let text = listed.replace(TASK_BOX, '');
  let due: string | undefined;
  const suffix = DUE_SUFFIX.exec(text);
  if (suffix) {
    text = text.slice(0, suffix.index);
    // An impossible date is dropped, not guessed at: the user can still set one.
    if (suffix[1] !== undefined && isDay(suffix[1])) due = suffix[1];
  }
  text = text.trim().replace(WRAPPED, '$2').trim().slice(0, NOTE_LIMITS.checklistItemText);
  if (text === '') return null;
  return due ? { text, due } : { text };
}

/** The steps of a reply, in order: its list lines, at most ACTION_ITEMS_MAX, each within a checklist item's length. */
export function parseActionItems(reply: string): ActionItem[] {
  const items: ActionItem[] = [];
  for (const line of reply.split(/\r?\n/u)) {
    const item = readLine(line);
    if (item) items.push(item);
    if (items.length === ACTION_ITEMS_MAX) break;
  }
  return items;
}

/**
 * The checklist with `items` appended as unticked items (with their date when set), after the existing
 * ones; blank steps are skipped and the list stays within a note's bound. Returns the list and how many
 * steps went in.
 */
export function appendActionItems(
  existing: readonly ChecklistItem[],
  items: readonly ActionItem[],
  makeId: MakeId = randomUuid,
): { items: ChecklistItem[]; added: number } {
  const room = Math.max(0, NOTE_LIMITS.checklistItems - existing.length);
  const added = items
    .map((item) => ({ text: item.text.trim().slice(0, NOTE_LIMITS.checklistItemText), due: item.due }))
    .filter((item) => item.text !== '')
    .slice(0, room)
    .map((item): ChecklistItem => ({
      id: makeId(),
      text: item.text,
      completed: false,
      ...(item.due !== undefined && isDay(item.due) ? { due: item.due } : {}),
    }));
  return { items: [...existing, ...added], added: added.length };
}
