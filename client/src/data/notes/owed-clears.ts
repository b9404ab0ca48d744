// A Sign out's clearing of this device's copy, kept as a debt until it is done (ARCHITECTURE 4: sign-out
// clears the device's copy). The clear runs after the session has ended, while /login already shows: a page
// closed or left in that moment stopped it, and the device kept the notes, the sync bookkeeping that says
// they were pulled, and the note activity. The debt is written before the session ends and settled when the
// clear is done; what is still owed is paid before the next notes session of this browser starts, in any
// tab, so a debt never stands beside a session that could write what it would clear.
import { DEVICE_KEYS, deviceStorage, readJson, writeJson, type StorageLike } from '../../lib/device-storage';
import type { LocalStore } from './local-store';
import { clearUserNotes } from './notes-session';

/** The users whose device copy a Sign out began to clear and has not finished clearing. */
export function deviceClearsOwed(storage: StorageLike | null = deviceStorage()): string[] {
  const owed = readJson(DEVICE_KEYS.deviceClearsOwed, storage);
  return Array.isArray(owed) ? owed.filter((id): id is string => typeof id === 'string') : [];
}

/** Records, before the session ends, that this device's copy of the user's notes is to be cleared. */
export function oweDeviceClear(userId: string, storage: StorageLike | null = deviceStorage()): void {
  const owed = deviceClearsOwed(storage);
  if (!owed.includes(userId)) writeJson(DEVICE_KEYS.deviceClearsOwed, [...owed, userId], storage);
}

/** The user's clear is done, or no longer wanted (a Sign out that failed keeps the session and the notes). */
export function settleDeviceClear(userId: string, storage: StorageLike | null = deviceStorage()): void {
  const owed = deviceClearsOwed(storage);
  if (owed.includes(userId))
    writeJson(
      DEVICE_KEYS.deviceClearsOwed,
      owed.filter((id) => id !== userId),
      storage,
    );
}

/**
 * Clears every user's device copy still owed. A clear that fails is settled too: the device then keeps that
 * copy, as a Sign out whose clear failed does, rather than holding every later session back.
 */
export async function payOwedClears(store: LocalStore, storage: StorageLike | null = deviceStorage()): Promise<void> {
  const owed = deviceClearsOwed(storage);
  for (const userId of owed) {
    try {
      await clearUserNotes(store, userId);
    } catch (error) {
      console.warn('A signed-out account could not be cleared from this device:', error);
    } finally {
      settleDeviceClear(userId, storage);
    }
  }
  // Files shared into Sprout waiting for their import are left: they may have been shared since the Sign out,
  // to be imported by the session about to start.
}
