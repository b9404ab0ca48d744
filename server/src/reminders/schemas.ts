// The bodies of the push and reminder endpoints (docs/api.md, "Reminders").
import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DUE_PATTERN, NOTE_LIMITS } from '#core/note-constants';
import { isTimeZone } from '#core/zoned-time';

/** Longer than any push service's endpoint (FCM's are about 200 characters, Apple's and Mozilla's less). */
export const ENDPOINT_CHARS = 2048;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why a push endpoint is refused, or null. The server POSTs to whatever a signed-in user names here, so
 * it takes only what a browser's push service is: https to a host name. An IP address or localhost would
 * let a user aim the server at the machines around it. The tests' push service on http loopback is let
 * in only by PUSH_ALLOW_LOOPBACK_HTTP.
 */
export function endpointProblem(value: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'endpoint must be a URL';
  }
  if (url.username || url.password) return 'endpoint must not hold credentials';
  const host = url.hostname;
  if (allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(host)) return null;
  if (url.protocol !== 'https:') return 'endpoint must be an https: URL';
  if (host === 'localhost' || host.endsWith('.localhost') || isIP(host.replace(/^\[(.*)\]$/, '$1')) !== 0)
    return "endpoint must name a push service's host";
  return null;
}

const base64url = (bytes: number, name: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${name} must be base64url` })
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, {
      error: `${name} must be ${bytes} bytes`,
    });

/** A P-256 public key the payloads can be encrypted to (a point on the curve, uncompressed). */
function isP256Point(value: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(value, 'base64url'), 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}

/** The browser's PushSubscription as its toJSON() writes it; other members (a later browser's) are ignored. */
export function subscriptionSchema(allowLoopbackHttp: boolean) {
  return z.object({
    endpoint: z
      .string()
      .max(ENDPOINT_CHARS, { error: `endpoint must be at most ${ENDPOINT_CHARS} characters` })
      .superRefine((value, context) => {
        const problem = endpointProblem(value, allowLoopbackHttp);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: base64url(65, 'keys.p256dh').refine(isP256Point, { error: 'keys.p256dh must be a P-256 public key' }),
      auth: base64url(16, 'keys.auth'),
    }),
  });
}

export type SubscriptionBody = z.infer<ReturnType<typeof subscriptionSchema>>;

export const unsubscribeSchema = z.strictObject({
  endpoint: z.string().min(1).max(ENDPOINT_CHARS),
});

export const reminderActionSchema = z.strictObject({
  noteId: z.uuid({ error: 'noteId must be a note id' }),
  itemId: z.string().min(1).max(NOTE_LIMITS.checklistItemId),
  due: z.string().regex(new RegExp(DUE_PATTERN, 'u'), { error: 'due must be the date the item is due' }),
  action: z.enum(['done', 'snooze']),
  /** The push message's action token (action-token.ts), in place of a session. */
  token: z.string().min(1).max(200).optional(),
  /** The device's zone (Intl), which a repeating item's next date keeps its time of day in. */
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { error: 'timeZone must be a time zone' }).optional(),
});

export type ReminderActionBody = z.infer<typeof reminderActionSchema>;
