// Sends one push message to one browser: web-push encrypts it to the subscription's keys (RFC 8291,
// aes128gcm) and signs the VAPID header (RFC 8292); the request itself goes out with fetch, which has a
// timeout, takes NODE_USE_ENV_PROXY's proxy as the AI provider's calls do, and reaches the tests' push
// service on http loopback (web-push's own sender speaks https only).
import webpush from 'web-push';

/** A browser's subscription as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { ok: true }
  /** `gone`: the push service says the subscription no longer exists (404, 410): it is deleted. */
  | { ok: false; gone: boolean; status: number | null; error?: unknown };

export interface PushSenderOptions {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** How long the push service keeps a message for a browser that is offline (seconds). */
  ttlSeconds: number;
  timeoutMs: number;
}

export type PushSender = (target: PushTarget, payload: string) => Promise<PushOutcome>;

export function createPushSender(options: PushSenderOptions): PushSender {
  return async (target, payload) => {
    let request;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: options.vapid, TTL: options.ttlSeconds, urgency: 'high' },
      );
    } catch (error) {
      // Keys the browser sent that do not encrypt (checked when it subscribed, so not expected).
      return { ok: false, gone: false, status: null, error };
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        // fetch counts the body itself.
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return { ok: true };
      return { ok: false, gone: response.status === 404 || response.status === 410, status: response.status };
    } catch (error) {
      return { ok: false, gone: false, status: null, error };
    }
  };
}
