// A quick note is made at once, before anything is typed in it, and its editor removes it again when it is
// left untouched (issue 33). A page closed or killed with that editor open (a phone's app swiped away, a
// tab closed) never gets to, and the note would wait on the dashboard as an empty 'Untitled note'. So each
// capture is written down on this device while a Web Lock of its page holds it; a later start of Sprout, in
// any tab, removes the ones no living page holds that are still as they were made, and waits for those one
// does, in case that page ends first. A lock, not a time: a tab may keep an editor open for hours, and a
// page that ends for any reason lets go of its locks.

import { isAbortError } from '../../../lib/abort-error';
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
 * page has gone. A capture another page still holds is waited for: once that page lets go of it, its
 * editor has settled it (and it is no longer written down) or the page has ended (and the note is
 * removed then, not at the next start). Resolves once every capture is settled; `signal` ends the waits.
 */
export async function sweepOpenCaptures(
  userId: string,
  discard: (capture: OpenCapture) => Promise<unknown>,
  { locks, storage, held }: OpenCapturesDevice = browserDevice(),
  signal?: AbortSignal,
): Promise<void> {
  if (!locks || !storage) return;
  const sweeps = read(userId, storage)
    .filter((capture) => !held.has(capture.id))
    .map((capture) =>
      locks.request(lockName(capture.id), { signal }, async () => {
        // Settled by its own editor while this waited: nothing is left to remove.
        if (!read(userId, storage).some((written) => written.id === capture.id)) return;
        await discard(capture);
        forget(userId, capture.id, storage);
      }),
    );
  const results = await Promise.allSettled(sweeps);
  const failed = results.find(
    (result): result is PromiseRejectedResult =>
      result.status === 'rejected' && !(signal?.aborted && isAbortError(result.reason)),
  );
  if (failed) throw failed.reason;
}
