// Reminders by Web Push on this device (issue 35, item 3; docs/api.md "Reminders"): whether the browser
// and the server can send them, and this browser's subscription, which the server sends every reminder of
// the signed-in user to. The browser's permission is asked only by subscribeToPush(), which the app calls
// when the user first sets a reminder, never at start. Without push, reminders need the app open.
import { authorizedFetch } from './authorized-fetch';

export type SubscribeOutcome = 'subscribed' | 'denied' | 'unavailable' | 'failed';

/** The server's VAPID public key, or null when it sends no push (or cannot be reached). */
async function serverKey(): Promise<string | null> {
  try {
    const response = await fetch('/api/push/key', { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { available?: unknown; publicKey?: unknown };
    return body.available === true && typeof body.publicKey === 'string' ? body.publicKey : null;
  } catch {
    return null;
  }
}

/** The service worker's registration, if the app has one (the development server registers none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (typeof window === 'undefined' || !('PushManager' in window) || !('Notification' in window)) return null;
  return (await navigator.serviceWorker.getRegistration().catch(() => undefined)) ?? null;
}

export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Whether a subscription was made with this key: one made with an earlier key reaches nobody. */
export function madeWithKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return expected.every((byte, index) => bytes[index] === byte);
}

/** Whether this browser can get reminders while the app is closed (and the user has not refused them). */
export async function pushAvailable(): Promise<boolean> {
  if (!(await registration()) || Notification.permission === 'denied') return false;
  return (await serverKey()) !== null;
}

/**
 * Where this device stands for reminders while Sprout is closed: 'on' (subscribed), 'off' (it could be),
 * 'blocked' (the user refused notifications to this site) or 'unsupported' (no push here, or the server
 * sends none): then reminders need the app open.
 */
export async function pushState(): Promise<'on' | 'off' | 'blocked' | 'unsupported'> {
  const worker = await registration();
  if (!worker || !(await serverKey())) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await worker.pushManager.getSubscription().catch(() => null);
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks the browser's permission (if not yet given), subscribes, and tells the server. */
export async function subscribeToPush(): Promise<SubscribeOutcome> {
  const worker = await registration();
  const key = worker ? await serverKey() : null;
  if (!worker || !key) return 'unavailable';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  const applicationServerKey = base64UrlBytes(key);
  try {
    let subscription = await worker.pushManager.getSubscription();
    if (subscription && !madeWithKey(subscription.options.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    const response = await authorizedFetch('/api/push/subscriptions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(subscription.toJSON()),
    });
    return response.ok ? 'subscribed' : 'failed';
  } catch {
    return 'failed';
  }
}

/** This browser gets no more reminders: the server forgets it (while signed in), then the browser does. */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await authorizedFetch('/api/push/subscriptions', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe();
}
