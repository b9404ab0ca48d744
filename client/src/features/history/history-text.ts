// What the History panel says: why each version was kept, when, and the panel's states and toasts. Pure,
// so the wording is tested without a screen.
import { DATE_LOCALE } from '#core/date-locale';
import { HISTORY_MIN_VERSIONS, HISTORY_RETENTION_DAYS } from '#core/history';
import { formatUpdated, parseTimestamp } from '#core/relative-time';
import type { ToastMessage } from '../../data/notes';
import { HistoryApiError, HistoryOfflineError, type Version } from './api/history-request';

/** Why a version was kept, in the list's words: the change that replaced it. */
export function reasonText(version: Pick<Version, 'reason' | 'device'>): string {
  switch (version.reason) {
    case 'device':
      return version.device ? `Edited on ${version.device}` : 'Edited on another device';
    case 'trash':
      return 'Before moving to the Trash';
    case 'restore':
      return 'Before restoring from the Trash';
    case 'ai':
      return "Before the assistant's changes";
    case 'conflict':
      return 'Before resolving a conflict';
    case 'version':
      return 'Before restoring an earlier version';
    case 'interval':
    case null:
      return 'Earlier version';
  }
}

/** '5 minutes ago' for when a version was kept; '' for a date that cannot be read. */
export function keptAgo(version: Pick<Version, 'keptAt'>, now: Date = new Date()): string {
  return formatUpdated(version.keptAt, now);
}

/**
 * The exact date and time, in Sprout's date locale (DATE_LOCALE) and the user's time zone unless given
 * ('3 Jan 2026, 14:05'); '' for a date that cannot be read.
 */
export function exactTime(iso: string, options: { locale?: string; timeZone?: string } = {}): string {
  const date = parseTimestamp(iso);
  if (!date) return '';
  return new Intl.DateTimeFormat(options.locale ?? DATE_LOCALE, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

export const HISTORY_TEXT = {
  title: 'History',
  offline: 'History needs a connection. Your notes keep working offline.',
  empty: 'No earlier versions yet.',
  emptyHint: 'When this note changes, the version it replaces is kept here.',
  loading: 'Loading history',
  loadingVersion: 'Loading this version',
  choose: 'Choose a version to compare it with the note as it is now.',
  same: 'This version has the same text as the note now.',
  unsaved: 'Save or cancel your changes before restoring a version.',
  retention: `Versions are kept for ${HISTORY_RETENTION_DAYS} days, and at least the last ${HISTORY_MIN_VERSIONS} of each note.`,
  deleteQuestion: 'Delete the history of this note?',
  deleted: 'The history of this note was deleted.',
} as const;

/** The question's detail before Delete history. */
export function deleteHistoryDescription(noteTitle: string): string {
  return `Every earlier version of “${noteTitle}” will be deleted for good. The note itself stays as it is.`;
}

export const HISTORY_MESSAGES = {
  restored: (version: Pick<Version, 'keptAt'>, now: Date = new Date()): ToastMessage => {
    const ago = keptAgo(version, now);
    return {
      title: 'Version restored',
      description: ago ? `The note is back to how it was ${ago}.` : 'The note is back to the version you chose.',
    };
  },
  undone: { title: 'Restore undone', description: 'The note is back to how it was before.' } satisfies ToastMessage,
  /** The newest version is not the one the restore kept: Undo leaves the note alone. */
  undoChanged: {
    title: "Couldn't undo",
    description: 'The history of this note changed since the restore. Open History to choose a version.',
    variant: 'destructive',
  } satisfies ToastMessage,
  undoFailed: (message: string): ToastMessage => ({
    title: "Couldn't undo",
    description: message,
    variant: 'destructive',
  }),
} as const;

/** What the panel says for a failed request: the offline line, the server's own message, or a plain retry. */
export function errorText(error: unknown): string {
  if (error instanceof HistoryOfflineError) return HISTORY_TEXT.offline;
  if (error instanceof HistoryApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
