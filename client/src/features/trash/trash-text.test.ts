import { describe, expect, it } from 'vitest';
import {
  emptyTrashDescription,
  purgeText,
  retentionLine,
  TRASH_MESSAGES,
  trashSnippet,
  trashTitle,
  waitsOfflineText,
} from './trash-text';

const trashedAt = '2026-03-01T12:00:00.000Z';
const hoursLater = (hours: number) => new Date(Date.parse(trashedAt) + hours * 3_600_000);

describe('retentionLine', () => {
  it('names the days, or says notes stay until deleted for good', () => {
    expect(retentionLine(30)).toBe('Notes you delete stay here for 30 days, then they are deleted for good.');
    expect(retentionLine(7)).toBe('Notes you delete stay here for 7 days, then they are deleted for good.');
    expect(retentionLine('never')).toBe('Notes you delete stay here until you delete them for good.');
  });
});

describe('purgeText', () => {
  it('reads the full retention right after the move', () => {
    expect(purgeText(trashedAt, 30, hoursLater(0))).toBe('Deleted for good in 30 days');
    expect(purgeText(trashedAt, 90, hoursLater(2))).toBe('Deleted for good in 90 days');
  });

  it('counts down in days, one day in the singular', () => {
    expect(purgeText(trashedAt, 7, hoursLater(24 * 3))).toBe('Deleted for good in 4 days');
    expect(purgeText(trashedAt, 7, hoursLater(24 * 6 - 1))).toBe('Deleted for good in 1 day');
  });

  it("says 'today' in the last day and after it, until the server's purge has run", () => {
    expect(purgeText(trashedAt, 7, hoursLater(24 * 6 + 1))).toBe('Deleted for good today');
    expect(purgeText(trashedAt, 7, hoursLater(24 * 8))).toBe('Deleted for good today');
  });

  it('says nothing when the Trash is kept forever or the date is unreadable', () => {
    expect(purgeText(trashedAt, 'never', hoursLater(1))).toBeNull();
    expect(purgeText('', 30, hoursLater(1))).toBeNull();
  });
});

describe('emptyTrashDescription', () => {
  it('counts the notes, and speaks of one note in the singular', () => {
    expect(emptyTrashDescription(3)).toBe(
      'All 3 notes in the Trash will be deleted for good, on every device. This cannot be undone.',
    );
    expect(emptyTrashDescription(1)).toBe(
      'The note in the Trash will be deleted for good, on every device. This cannot be undone.',
    );
    expect(emptyTrashDescription(1200)).toMatch(/^All 1,200 notes/);
  });
});

describe('the toasts', () => {
  it('name the note, and count what Empty Trash deleted', () => {
    expect(TRASH_MESSAGES.deletedForever('Plan')).toEqual({
      title: 'Note deleted forever',
      description: '“Plan” is gone for good.',
    });
    expect(TRASH_MESSAGES.emptied(1).description).toBe('1 note was deleted for good.');
    expect(TRASH_MESSAGES.emptied(4).description).toBe('4 notes were deleted for good.');
  });

  it('add, offline, that the cloud follows', () => {
    expect(waitsOfflineText('restore')).toBe('It will sync when you are back online.');
    expect(waitsOfflineText('delete')).toBe("It will be removed from the cloud when you're online.");
    expect(waitsOfflineText('delete', 3)).toBe("They will be removed from the cloud when you're online.");
  });
});

describe('what a card shows', () => {
  it("gives an empty title the lists' 'Untitled'", () => {
    expect(trashTitle({ title: '  ' })).toBe('Untitled');
    expect(trashTitle({ title: ' Plan ' })).toBe('Plan');
  });

  it("shows a checklist's items, else the text", () => {
    const items = [{ text: 'Milk' }, { text: ' ' }, { text: 'Bread' }];
    expect(trashSnippet({ content: 'ignored', is_checklist: true, checklist_items: items })).toBe('Milk · Bread');
    expect(trashSnippet({ content: ' Body ', is_checklist: true, checklist_items: [] })).toBe('Body');
    expect(trashSnippet({ content: ' Body ', is_checklist: false, checklist_items: items })).toBe('Body');
  });
});
