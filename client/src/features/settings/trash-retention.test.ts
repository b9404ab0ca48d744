import { describe, expect, it } from 'vitest';
import { retentionFromValue, retentionSavedMessage, TRASH_RETENTION_OPTIONS } from './trash-retention';

describe('the Trash retention setting', () => {
  it("offers the account's choices in order, with their labels", () => {
    expect(TRASH_RETENTION_OPTIONS.map((option) => option.label)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      'Until I delete them',
    ]);
  });

  it("reads a Select's value back into a choice", () => {
    expect(retentionFromValue('90')).toBe(90);
    expect(retentionFromValue('never')).toBe('never');
    expect(retentionFromValue('14')).toBeNull();
  });

  it('says what is kept now, and when offline that the account follows', () => {
    expect(retentionSavedMessage(7, 'saved').description).toBe('Deleted notes are now kept for 7 days.');
    expect(retentionSavedMessage('never', 'saved').description).toBe(
      'Deleted notes are now kept until you delete them.',
    );
    expect(retentionSavedMessage(30, 'queued').description).toMatch(/when you are back online\.$/);
  });
});
