// The wire shapes of the push and reminder endpoints' answers (docs/api.md, "Reminders").
import type { ReminderActionResult } from './commands';

/** `GET /api/push/key`: whether this server sends reminders by push, and the key a browser subscribes with. */
export function presentPushKey(publicKey: string | null) {
  return { available: publicKey !== null, publicKey };
}

export function presentActionResult(result: ReminderActionResult) {
  switch (result.outcome) {
    case 'snoozed':
      return { outcome: result.outcome, snoozedUntil: result.snoozedUntil.toISOString() };
    case 'unchanged':
      return { outcome: result.outcome };
    default:
      return { outcome: result.outcome, due: result.due, revision: result.revision };
  }
}
