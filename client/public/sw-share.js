// The installed app's share target (the manifest's share_target: POST /share, multipart/form-data),
// answered on the device so a share works offline and signed out. Shared files are kept in IndexedDB
// and the importer opened on them (Settings > Your data, client/src/features/settings/your-data/
// shared-files.ts reads them); shared text, titles and links open quick capture (/capture) as a GET
// share would. Loaded into the Workbox worker with importScripts; Workbox routes only GET requests.
/* global self, indexedDB, Response, crypto, URL, URLSearchParams */
const SHARE_DB = 'sprout-shared-files';
const SHARE_STORE = 'shares';

function openShares() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(SHARE_DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(SHARE_STORE, { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function keepShare(share) {
  const db = await openShares();
  try {
    await new Promise((resolve, reject) => {
      const tx = db.transaction(SHARE_STORE, 'readwrite');
      tx.objectStore(SHARE_STORE).put(share);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

async function receiveShare(request) {
  let form;
  try {
    form = await request.formData();
  } catch {
    return Response.redirect('/capture', 303);
  }
  const files = form.getAll('files').filter((value) => typeof value !== 'string' && value.size > 0);
  if (files.length > 0) {
    const id = crypto.randomUUID();
    try {
      await keepShare({ id, sharedAt: Date.now(), files });
    } catch {
      // A device out of storage: the importer says the files did not arrive, so the user picks them there.
      return Response.redirect('/settings?tab=sync&shared=unavailable#your-data', 303);
    }
    return Response.redirect(`/settings?tab=sync&shared=${id}#your-data`, 303);
  }
  const params = new URLSearchParams();
  for (const key of ['title', 'text', 'url']) {
    const value = form.get(key);
    if (typeof value === 'string' && value.trim()) params.set(key, value);
  }
  return Response.redirect(params.size > 0 ? `/capture?${params}` : '/capture', 303);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share') return;
  event.respondWith(receiveShare(event.request));
});
