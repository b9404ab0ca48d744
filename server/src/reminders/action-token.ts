// The action token a reminder carries for its 'Done' and 'Snooze 1 h' buttons. The service worker that
// shows the notification has no session: supabase-js keeps it in the page's local storage, which a
// worker cannot read, and an access token copied into the worker would have expired (1 h) long before a
// reminder due next week. So each push carries a token that lets its bearer do those two things to that
// one reminder (user, note, item and due instant) and nothing else, for ACTION_TOKEN_TTL_MS: an HMAC
// with a server secret (secrets.ts), checked on the server against the body's note, item and due.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A notification may wait in the tray for days; past a week, the note itself is where to tick it. */
export const ACTION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What a token is bound to. */
export interface ReminderRef {
  userId: string;
  noteId: string;
  itemId: string;
  due: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mac(key: Buffer, ref: ReminderRef, expiresAt: number): Buffer {
  return createHmac('sha256', key)
    .update(
      ['sprout-reminder-action-v1', ref.userId, ref.noteId, ref.itemId, ref.due, String(expiresAt)].join('\u0000'),
    )
    .digest();
}

/** `<user id>.<expiry, seconds since 1970>.<HMAC-SHA256, base64url>`. */
export function signActionToken(key: Buffer, ref: ReminderRef, now: number): string {
  const expiresAt = Math.floor((now + ACTION_TOKEN_TTL_MS) / 1000);
  return `${ref.userId}.${expiresAt}.${mac(key, ref, expiresAt).toString('base64url')}`;
}

/** The user the token acts for, if it is this server's, bound to this reminder, and not expired; else null. */
export function verifyActionToken(key: Buffer, token: string, reminder: Omit<ReminderRef, 'userId'>, now: number) {
  const [userId, expiry, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !UUID.test(userId) || !expiry || !/^\d{1,12}$/.test(expiry) || !signature)
    return null;
  const expiresAt = Number(expiry);
  if (expiresAt * 1000 <= now) return null;
  const expected = mac(key, { ...reminder, userId }, expiresAt);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
