// The History panel's wording: why each version was kept, when, and what a failure says.
import { describe, expect, it } from 'vitest';
import type { HistoryReason } from '#core/history';
import { HistoryApiError, HistoryOfflineError } from './api/history-request';
import { errorText, exactTime, HISTORY_MESSAGES, HISTORY_TEXT, keptAgo, reasonText } from './history-text';

describe('reasonText', () => {
  it('says in plain words what replaced each version', () => {
    const said = (reason: HistoryReason) => reasonText({ reason, device: null });
    expect(said('interval')).toBe('Earlier version');
    expect(said('trash')).toBe('Before moving to the Trash');
    expect(said('restore')).toBe('Before restoring from the Trash');
    expect(said('ai')).toBe("Before the assistant's changes");
    expect(said('conflict')).toBe('Before resolving a conflict');
    expect(said('version')).toBe('Before restoring an earlier version');
  });

  it('names the device that wrote a version another device replaced, when the server knows it', () => {
    expect(reasonText({ reason: 'device', device: 'Chrome on Linux' })).toBe('Edited on Chrome on Linux');
    expect(reasonText({ reason: 'device', device: null })).toBe('Edited on another device');
  });

  it('calls a version kept for a reason this build does not know an earlier version', () => {
    expect(reasonText({ reason: null, device: 'Safari on iOS' })).toBe('Earlier version');
  });
});

describe('the times', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('says how long ago a version was kept, and nothing for a date it cannot read', () => {
    expect(keptAgo({ keptAt: '2026-03-10T11:55:00.000Z' }, now)).toBe('5 minutes ago');
    expect(keptAgo({ keptAt: 'yesterday' }, now)).toBe('');
  });

  it('gives the exact date and time in the locale and time zone asked for', () => {
    expect(exactTime('2026-03-10T11:55:00.000Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('10 Mar 2026, 11:55');
    expect(exactTime('2026-03-10T11:55:00.000Z', { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'Mar 10, 2026, 7:55 AM',
    );
    // Without a locale, Sprout's own (DATE_LOCALE): a History date reads as a due date does, on a 24-hour clock.
    expect(exactTime('2026-03-10T15:55:00.000Z', { timeZone: 'UTC' })).toBe('10 Mar 2026, 15:55');
    expect(exactTime('not a date')).toBe('');
  });

  it("tells how the restored note was, by the version's time", () => {
    expect(HISTORY_MESSAGES.restored({ keptAt: '2026-03-10T10:00:00.000Z' }, now)).toEqual({
      title: 'Version restored',
      description: 'The note is back to how it was about 2 hours ago.',
    });
    expect(HISTORY_MESSAGES.restored({ keptAt: '' }, now).description).toBe(
      'The note is back to the version you chose.',
    );
  });
});

describe('errorText', () => {
  it("shows the offline line, the server's own message, or a plain retry", () => {
    expect(errorText(new HistoryOfflineError())).toBe('History needs a connection. Your notes keep working offline.');
    expect(errorText(new HistoryApiError('Note not found.', 404, 'not_found'))).toBe('Note not found.');
    expect(errorText(new TypeError('x is undefined'))).toBe('Something went wrong. Please try again.');
    expect(HISTORY_TEXT.offline).toBe(errorText(new HistoryOfflineError()));
  });
});
