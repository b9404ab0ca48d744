import { describe, expect, it } from 'vitest';
import { BODY_CHARS, DEFAULT_TITLE, reminderPayload, TITLE_CHARS } from './payload';

const reminder = {
  userId: 'u',
  noteId: 'n',
  itemId: 'i',
  due: '2026-03-31T08:00:00.000Z',
  noteTitle: 'Wedding plan',
  itemText: 'Call the venue',
};

describe('the push message of a reminder', () => {
  it("shows the note's title, the item's text and the two actions; a click opens the note", () => {
    expect(reminderPayload(reminder, 't')).toEqual({
      title: 'Wedding plan',
      body: 'Call the venue',
      tag: 'reminder:n:i',
      timestamp: Date.parse(reminder.due),
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'snooze', title: 'Snooze 1 h' },
      ],
      data: { kind: 'reminder', noteId: 'n', itemId: 'i', due: reminder.due, url: '/note/n', token: 't' },
    });
  });

  it('says Sprout reminder for an untitled note, and stays well under 4 KB whatever the texts', () => {
    expect(reminderPayload({ ...reminder, noteTitle: '  ' }, 't').title).toBe(DEFAULT_TITLE);
    const long = reminderPayload(
      { ...reminder, noteTitle: '🌱'.repeat(500), itemText: '🌱'.repeat(2000) },
      'x'.repeat(100),
    );
    expect(Array.from(long.title)).toHaveLength(TITLE_CHARS);
    expect(Array.from(long.body)).toHaveLength(BODY_CHARS);
    expect(long.body.endsWith('🌱…')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThan(3000);
  });
});
