// A calendar feed's token: 256 random bits in base64url (43 characters), the one credential a calendar
// app sends. Only its SHA-256 is stored (migrations/022), and a feed is found by that hash.
import { createHash, randomBytes } from 'node:crypto';

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The feed's path: the token stands in the file name, which calendar apps expect to end in .ics. */
export function feedPath(token: string): string {
  return `/calendar/${token}.ics`;
}
