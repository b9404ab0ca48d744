// Reminders sent by Web Push (issue 35, item 3; server/src/reminders/, docs/api.md "Reminders"): shows
// the server's message as a notification with 'Done' and 'Snooze 1 h', sends those buttons' choice with
// the message's own action token (a worker cannot read the session the page keeps in local storage), and
// opens the note on a plain click. Loaded into the Workbox worker with importScripts.
/* global self, clients, fetch, URL */

function reminderOf(event) {
  try {
    const message = event.data ? event.data.json() : null;
    return message && message.data && message.data.kind === 'reminder' ? message : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = reminderOf(event);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      // One notification per item: a reminder sent again (snoozed) replaces it, and alerts again.
      tag: message.tag,
      renotify: true,
      timestamp: message.timestamp,
      actions: message.actions,
      data: message.data,
      icon: '/icon-192.png',
    }),
  );
});

/** Focuses a window of the app on the note, or opens one. */
async function openNote(path) {
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === target.href) || windows[0];
  if (!open) {
    await clients.openWindow(target.href);
    return;
  }
  await open.focus();
  if (open.url !== target.href && 'navigate' in open) await open.navigate(target.href).catch(() => undefined);
}

async function act(data, action) {
  const body = { noteId: data.noteId, itemId: data.itemId, due: data.due, action, token: data.token };
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (timeZone) body.timeZone = timeZone;
  const response = await fetch('/api/reminders/action', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  // Offline, or the buttons expired: the note is where to act then. An item gone (404) needs nothing.
  if (!response || (!response.ok && response.status !== 404)) await openNote(data.url);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data;
  if (!data || data.kind !== 'reminder') return;
  event.notification.close();
  event.waitUntil(event.action === 'done' || event.action === 'snooze' ? act(data, event.action) : openNote(data.url));
});
