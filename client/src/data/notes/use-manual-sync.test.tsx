// The manual Sync action's toasts: 'Notes synced' as soon as the run has decided it, before its last
// writes are done; 'Error syncing notes' in its place if those writes then fail [S14].
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import type { LocalNote } from '#core/sync-rules';
import { appToasts } from '../../lib/toast';
import type { SettledStep } from './local-store';
import { NotesSessionProvider } from './notes-context';
import { NotesSession } from './notes-session';
import { MemoryLocalStore } from './testing/memory-local-store';
import { MemoryRemote, MemoryServer } from './testing/memory-remote';
import { useManualSync } from './use-manual-sync';

const USER = '00000000-0000-4000-8000-000000000001';

/** A store whose run-ending transaction holds its writes until released (or fails them). */
class HeldStore extends MemoryLocalStore {
  hold = false;
  writing = false;
  private release: ((failure?: Error) => void) | null = null;

  override async settle(
    userId: string,
    ids: readonly string[],
    decide: (current: ReadonlyMap<string, LocalNote>) => SettledStep,
    onDecided?: (pending: number) => void,
  ): Promise<{ pending: number }> {
    const result = await super.settle(userId, ids, decide, onDecided);
    if (this.hold) {
      this.writing = true;
      const failure = await new Promise<Error | undefined>((resolve) => (this.release = resolve));
      this.writing = false;
      if (failure) throw failure;
    }
    return result;
  }

  finish(failure?: Error): void {
    this.release?.(failure);
  }
}

const sessions: NotesSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  appToasts.dismiss();
});

async function withPendingNote() {
  const online = { value: true };
  const store = new HeldStore();
  const session = new NotesSession({
    userId: USER,
    store,
    controller: { locks: null, windowTarget: null, documentTarget: null, isOnline: () => online.value, debounceMs: 10 },
  });
  session.connect(new MemoryRemote(new MemoryServer()));
  sessions.push(session);
  await session.syncNow(); // the first sync: a full resync, done
  online.value = false;
  await session.createNote({ title: 'Mine', content: 'x' });
  online.value = true;
  store.hold = true;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NotesSessionProvider session={session}>{children}</NotesSessionProvider>
  );
  const { result } = renderHook(() => useManualSync(), { wrapper });
  return { store, sync: result.current };
}

const shown = () =>
  appToasts
    .getState()
    .toasts.filter((t) => t.open)
    .map((t) => `${String(t.title)}: ${String(t.description)}`);

it('[S14] shows "Notes synced" once the run has decided it, while its last writes are still under way', async () => {
  const { store, sync } = await withPendingNote();
  let over = false;
  const done = sync().then(() => (over = true));
  await vi.waitFor(() => expect(shown()).toEqual(['Notes synced: Successfully synced 1 notes to the cloud.']));
  expect(store.writing).toBe(true);
  expect(over).toBe(false);
  store.finish();
  await done;
  expect(shown()).toEqual(['Notes synced: Successfully synced 1 notes to the cloud.']);
});

it('[S14] a failure of those last writes replaces it with "Error syncing notes"', async () => {
  const { store, sync } = await withPendingNote();
  const done = sync();
  await vi.waitFor(() => expect(store.writing).toBe(true));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  store.finish(new Error('The disk is full'));
  await done;
  warn.mockRestore();
  expect(shown()).toEqual(['Error syncing notes: Please check your connection and try again.']);
});
