// The shares the service worker keeps, read as the importer reads them (fake-indexeddb): the record
// sw-share.js writes, a week's keeping, and forgetting. Files are Node's: fake-indexeddb clones with
// structuredClone, which keeps Node's File and not the test DOM's.
import 'fake-indexeddb/auto';
import { File } from 'node:buffer';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHARED_FILES_DB } from '../../../lib/device-keys';
import { forgetShare, readShare, SHARE_KEPT_MS } from './shared-files';

/** A share as client/public/sw-share.js keeps it. */
async function keep(id: string, sharedAt: number, files: unknown[]) {
  const open = indexedDB.open(SHARED_FILES_DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('shares', { keyPath: 'id' });
  const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
  const tx = db.transaction('shares', 'readwrite');
  tx.objectStore('shares').put({ id, sharedAt, files });
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

const NOW = Date.parse('2026-12-03T10:00:00Z');
const file = (name: string) => new File(['# Note'], name, { type: 'text/markdown' });

describe('shared files', () => {
  // What Sign out does (sign-out-provider.tsx).
  const signOut = () => new Promise((resolve) => (indexedDB.deleteDatabase(SHARED_FILES_DB).onsuccess = resolve));
  beforeEach(signOut);

  it('reads a share with its files until it is forgotten', async () => {
    await keep('a', NOW - 1000, [file('one.md'), file('two.md')]);
    const share = await readShare('a', NOW);
    expect(share?.files.map((f) => f.name)).toEqual(['one.md', 'two.md']);
    await forgetShare('a');
    expect(await readShare('a', NOW)).toBeNull();
  });

  it('drops shares older than a week, and anything that is not a share', async () => {
    await keep('old', NOW - SHARE_KEPT_MS - 1, [file('old.md')]);
    await keep('new', NOW - SHARE_KEPT_MS + 60_000, [file('new.md')]);
    await keep('odd', NOW, ['not a file']);
    expect(await readShare('old', NOW)).toBeNull();
    expect(await readShare('odd', NOW)).toBeNull();
    expect((await readShare('new', NOW))?.files).toHaveLength(1);
    // Dropped for good: even read at the time it was made, it is gone.
    expect(await readShare('old', NOW - SHARE_KEPT_MS)).toBeNull();
  });

  it('forgets every share at sign-out', async () => {
    await keep('a', NOW, [file('a.md')]);
    await keep('b', NOW, [file('b.md')]);
    await signOut();
    expect(await readShare('a', NOW)).toBeNull();
    expect(await readShare('b', NOW)).toBeNull();
  });
});
