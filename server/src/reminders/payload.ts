// A reminder as the push message the service worker shows (client/public/sw-push.js): the notification's
// title, body and buttons, and what a click needs. Encrypted to the browser (RFC 8291), so the push
// service carries it without reading it; kept well under the 4 KB a push message may hold.
import { reminderTag } from '#core/reminder-tag';

/** A reminder due to be sent, as the scheduler reads it. */
export interface DueReminder {
  userId: string;
  noteId: string;
  itemId: string;
  /** The item's due instant, as stored. */
  due: string;
  noteTitle: string;
  itemText: string;
}

/** Where the notification's title and body stop: a notification shows a line or two of each. */
export const TITLE_CHARS = 120;
export const BODY_CHARS = 400;
export const DEFAULT_TITLE = 'Sprout reminder';

export interface ReminderPayload {
  title: string;
  body: string;
  /** One notification per item: a reminder sent again (snoozed) replaces the one still shown. */
  tag: string;
  /** The due instant, in ms since 1970: when the notification says it happened. */
  timestamp: number;
  actions: { action: 'done' | 'snooze'; title: string }[];
  data: { kind: 'reminder'; noteId: string; itemId: string; due: string; url: string; token: string };
}

/** At most `max` characters, never half of a surrogate pair. */
function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

export function reminderPayload(reminder: DueReminder, token: string): ReminderPayload {
  return {
    title: clip(reminder.noteTitle, TITLE_CHARS) || DEFAULT_TITLE,
    body: clip(reminder.itemText, BODY_CHARS),
    tag: reminderTag(reminder.noteId, reminder.itemId),
    timestamp: Date.parse(reminder.due),
    actions: [
      { action: 'done', title: 'Done' },
      { action: 'snooze', title: 'Snooze 1 h' },
    ],
    data: {
      kind: 'reminder',
      noteId: reminder.noteId,
      itemId: reminder.itemId,
      due: reminder.due,
      url: `/note/${reminder.noteId}`,
      token,
    },
  };
}
