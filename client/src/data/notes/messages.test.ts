import { describe, expect, it } from 'vitest';
import {
  NOTE_MESSAGES,
  syncStateLabel,
  syncSucceededMessage,
  writeOutcomeMessage,
  type ToastMessage,
} from './messages';

const joined = (m: ToastMessage) => `${m.title}: ${m.description}`;

describe('notes and sync messages (spec section 8)', () => {
  it.each([
    [NOTE_MESSAGES.syncFailedManual, 'Error syncing notes: Please check your connection and try again.'],
    [
      NOTE_MESSAGES.syncFailedAutomatic,
      "Sync failed: We couldn't sync your notes to the cloud. We'll try again later.",
    ],
    [NOTE_MESSAGES.syncOffline, 'Offline: You need to be online to sync notes.'],
    [NOTE_MESSAGES.fetchFailed, "Error fetching notes: We couldn't retrieve your notes. Using local data only."],
    [
      NOTE_MESSAGES.createFailed,
      "Failed to create note: Your note has been saved locally and will sync when you're online.",
    ],
    [
      NOTE_MESSAGES.updateFailed,
      "Failed to update note: Your changes have been saved locally and will sync when you're online.",
    ],
    [
      NOTE_MESSAGES.deleteCloudFailed,
      "Sync error: The note was deleted locally but we couldn't remove it from the cloud.",
    ],
    [
      NOTE_MESSAGES.deleteOffline,
      "Offline deletion: The note was deleted locally and will be removed from the cloud when you're online.",
    ],
    [NOTE_MESSAGES.deleteFailed, "Error deleting note: We couldn't delete your note. Please try again later."],
    [NOTE_MESSAGES.deleted, 'Note deleted: Your note has been deleted successfully.'],
    [syncSucceededMessage(3), 'Notes synced: Successfully synced 3 notes to the cloud.'],
    [syncSucceededMessage(0), 'Everything is up to date: There was nothing to send to the cloud.'],
    [NOTE_MESSAGES.savedOnDevice, 'Saved on this device: It will sync when you are back online.'],
  ])('%# %s', (message, text) => {
    expect(joined(message)).toBe(text);
  });

  it('marks the failures destructive', () => {
    expect(NOTE_MESSAGES.syncOffline.variant).toBe('destructive');
    expect(NOTE_MESSAGES.syncFailedManual.variant).toBe('destructive');
    expect(NOTE_MESSAGES.deleted.variant).toBeUndefined();
  });

  it('labels sync states', () => {
    expect(syncStateLabel('synced', true)).toBe('Synced');
    expect(syncStateLabel('pending', true)).toBe('Waiting to sync');
    expect(syncStateLabel('pending', false)).toBe('Saved on this device');
    expect(syncStateLabel('error', true)).toBe('Sync error');
  });

  it("maps the outcome of the sync after a write to the spec's toasts", () => {
    expect(writeOutcomeMessage('create', { status: 'synced' })).toBeNull();
    // Offline the write is kept on the device: a plain toast that says so, not a failure.
    expect(writeOutcomeMessage('create', { status: 'offline' })).toBe(NOTE_MESSAGES.savedOnDevice);
    expect(NOTE_MESSAGES.savedOnDevice.variant).toBeUndefined();
    expect(writeOutcomeMessage('create', { status: 'failed', error: 'x' })).toBe(NOTE_MESSAGES.createFailed);
    expect(writeOutcomeMessage('update', { status: 'offline' })).toBe(NOTE_MESSAGES.savedOnDevice);
    expect(writeOutcomeMessage('update', { status: 'failed', error: 'x' })).toBe(NOTE_MESSAGES.updateFailed);
    expect(writeOutcomeMessage('update', { status: 'rejected', error: 'title too long' })).toEqual({
      title: 'Failed to update note',
      description: 'title too long',
      variant: 'destructive',
    });
    expect(writeOutcomeMessage('delete', { status: 'synced' })).toBe(NOTE_MESSAGES.deleted);
    expect(writeOutcomeMessage('delete', { status: 'offline' })).toBe(NOTE_MESSAGES.deleteOffline);
    expect(writeOutcomeMessage('delete', { status: 'failed', error: 'x' })).toBe(NOTE_MESSAGES.deleteCloudFailed);
  });
});
