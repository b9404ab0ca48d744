// A quick note is made at once, before anything is typed in it, and its editor removes it again when it is
// left untouched (issue 33). A page closed or killed with that editor open (a phone's app swiped away, a
// tab closed) never gets to, and the note would wait on the dashboard as an empty 'Untitled note'. So each
// capture is written down on this device while a Web Lock of its page holds it; a later start of Sprout, in
// any tab, removes the ones no living page holds that are still as they were made. A lock, not a time: a
// tab may keep an editor open for hours, and a page that ends for any reason lets go of its locks.

import { DEVICE_KEYS, deviceStorage, readJson, writeJson, type StorageLike } from '../../../lib/device-keys';

/** A note made by quick capture: its id, and the version it was made at (any later write keeps it). */
export interface OpenCapture {
  id: string;
  mutationId: string | null;
}

type Locks = Pick<LockManager, 'request'>;

/** Where captures are kept: the page's Web Locks, its localStorage, and the locks it holds, by note id. */
export interface OpenCapturesDevice {
  locks: Locks | null;
  storage: StorageLike | null;
  /** This page's held locks: the function lets go of one. */
  held: Map<string, () => void>;
}

let thisPage: OpenCapturesDevice | null = null;

function browserDevice(): OpenCapturesDevice {
  thisPage ??= {
    locks: typeof navigator === 'undefined' ? null : (navigator.locks ?? null),
    // Storage refused (null): captures are not written down, and so not swept.
    storage: deviceStorage(),
    held: new Map(),
  };
  return thisPage;
}

const lockName = (id: string) => `sprout.capture:${id}`;

function isCapture(value: unknown): value is OpenCapture {
  if (typeof value !== 'object' || value === null) return false;
  const { id, mutationId } = value as Record<string, unknown>;
  return typeof id === 'string' && (mutationId === null || typeof mutationId === 'string');
}

function read(userId: string, storage: StorageLike | null): OpenCapture[] {
  const value = readJson(DEVICE_KEYS.openCaptures(userId), storage);
  return Array.isArray(value) ? value.filter(isCapture) : [];
}

function forget(userId: string, id: string, storage: StorageLike | null): void {
  writeJson(
    DEVICE_KEYS.openCaptures(userId),
    read(userId, storage).filter((capture) => capture.id !== id),
    storage,
  );
}

/**
 * Writes the capture down, once this page holds its lock (so no other tab's sweep can take it for left);
 * resolves then. Without Web Locks or storage, nothing is written and nothing will be swept.
 */
export function keepOpenCapture(
  userId: string,
  capture: OpenCapture,
  { locks, storage, held }: OpenCapturesDevice = browserDevice(),
): Promise<void> {
  if (!locks || !storage) return Promise.resolve();
  return new Promise<void>((granted) => {
    void locks
      .request(lockName(capture.id), () => {
        writeJson(DEVICE_KEYS.openCaptures(userId), [...read(userId, storage), capture], storage);
        granted();
        return new Promise<void>((release) => held.set(capture.id, release));
      })
      .catch(() => granted());
  });
}

/** The capture's editor kept or removed the note: it is no longer written down, and its lock goes. */
export function settleOpenCapture(
  userId: string,
  id: string,
  { storage, held }: OpenCapturesDevice = browserDevice(),
): void {
  forget(userId, id, storage);
  held.get(id)?.();
  held.delete(id);
}

/**
 * Removes, through `discard` (which keeps a note written since it was made), the notes of captures whose
 * page has gone; a capture another page still holds is left to it.
 */
export async function sweepOpenCaptures(
  userId: string,
  discard: (capture: OpenCapture) => Promise<unknown>,
  { locks, storage, held }: OpenCapturesDevice = browserDevice(),
): Promise<void> {
  if (!locks || !storage) return;
  for (const capture of read(userId, storage)) {
    if (held.has(capture.id)) continue;
    await locks.request(lockName(capture.id), { ifAvailable: true }, async (lock) => {
      if (!lock) return;
      await discard(capture);
      forget(userId, capture.id, storage);
    });
  }
}
