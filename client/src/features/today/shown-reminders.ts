// The reminders this browser has shown (issue 35), per user in localStorage, so that a reload, another tab
// taking over, or the same item read again never shows one twice. Only those still within the grace
// period matter; older ones are dropped as it is written.
import { DEVICE_KEYS, readJson, writeJson, type StorageLike } from '../../lib/device-keys';
import { REMINDER_GRACE_MS, reminderKey, type Reminder } from './reminder-plan';

type Shown = Record<string, number>;

function read(userId: string, storage?: StorageLike | null): Shown {
  const value = readJson(DEVICE_KEYS.remindersShown(userId), storage);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, number] =>
      Number.isFinite(entry[1]),
    ),
  );
}

/** The keys (reminderKey) of the reminders shown here. */
export function shownReminders(userId: string, storage?: StorageLike | null): Set<string> {
  return new Set(Object.keys(read(userId, storage)));
}

/** Records `reminders` as shown, dropping records no plan can need at `now`. */
export function markShown(
  userId: string,
  reminders: readonly Reminder[],
  now: number,
  storage?: StorageLike | null,
): void {
  const kept = Object.entries(read(userId, storage)).filter(([, at]) => at > now - 2 * REMINDER_GRACE_MS);
  const shown: Shown = Object.fromEntries(kept);
  for (const reminder of reminders) shown[reminderKey(reminder)] = reminder.at;
  writeJson(DEVICE_KEYS.remindersShown(userId), shown, storage);
}
