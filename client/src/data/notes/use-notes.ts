// React hooks over the device's notes: live queries (Dexie liveQuery also sees other tabs' writes [S16]),
// the sync status, and the effect that runs the data layer for the signed-in user.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { recentExpandedNotes, sortNotesNewestFirst } from '#core/notes-order';
import type { LocalNote } from '#core/sync-rules';
import { getNotesDb, type SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';
import type { ToastMessage } from './messages';
import { getNotesSession, getSyncStatus, onNotesSessionChange, startNotesSync } from './notes-runtime';
import type { SyncStatus } from './sync-controller';

/** The user's live notes, newest update first (spec section 4), each with its sync state. */
export async function loadNotes(db: SproutDb, userId: string): Promise<NoteView[]> {
  const rows = await db.notes.where('user_id').equals(userId).toArray();
  const notes = rows.map(readLocalNote).filter((note): note is LocalNote => note !== null && note.deleted_at === null && note.user_id === userId);
  return sortNotesNewestFirst(notes).map(toNoteView);
}

/** Live list of the user's notes; undefined while loading, [] without a user. */
export function useNotes(userId: string | null | undefined, db: SproutDb = getNotesDb()): NoteView[] | undefined {
  return useLiveQuery(() => (userId ? loadNotes(db, userId) : []), [userId, db]);
}

/** Notes flagged as checklists (Your Checklists), newest first. */
export function useChecklistNotes(userId: string | null | undefined, db: SproutDb = getNotesDb()): NoteView[] | undefined {
  return useLiveQuery(async () => (userId ? (await loadNotes(db, userId)).filter((note) => note.is_checklist) : []), [userId, db]);
}

/** The sidebar's Recent Ideas: up to 10 notes with expanded content, newest first. */
export function useRecentIdeas(userId: string | null | undefined, db: SproutDb = getNotesDb()): NoteView[] | undefined {
  return useLiveQuery(async () => (userId ? recentExpandedNotes(await loadNotes(db, userId)) : []), [userId, db]);
}

/** One note; undefined while loading, null when it does not exist (or is deleted, or another user's). */
export function useNote(userId: string | null | undefined, id: string | null | undefined, db: SproutDb = getNotesDb()): NoteView | null | undefined {
  return useLiveQuery(
    async () => {
      if (!userId || !id) return null;
      const note = readLocalNote(await db.notes.get(id));
      return note && note.user_id === userId && note.deleted_at === null ? toNoteView(note) : null;
    },
    [userId, id, db],
  );
}

/** How many of the user's changes wait to sync (pending or refused); 0 while loading. */
export function usePendingCount(userId: string | null | undefined, db: SproutDb = getNotesDb()): number {
  return (
    useLiveQuery(
      () => (userId ? db.notes.where('[user_id+sync_state]').anyOf([userId, 'pending'], [userId, 'error']).count() : 0),
      [userId, db],
    ) ?? 0
  );
}

const IDLE: SyncStatus = { syncing: false, lastSyncedAt: null, lastError: null, failures: 0 };

function subscribeStatus(onChange: () => void): () => void {
  let unsubscribeController = getNotesSession()?.controller.subscribe(onChange) ?? (() => undefined);
  const unsubscribeSession = onNotesSessionChange(() => {
    unsubscribeController();
    unsubscribeController = getNotesSession()?.controller.subscribe(onChange) ?? (() => undefined);
    onChange();
  });
  return () => {
    unsubscribeSession();
    unsubscribeController();
  };
}

/** Whether a sync runs, when the last one succeeded and the last error. */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeStatus, () => getSyncStatus() ?? IDLE, () => IDLE);
}

/**
 * Runs the notes data layer while a user is signed in (for the app shell): starts sync for `userId`,
 * stops it when the user changes or signs out. It never deletes local notes; see clearLocalNotes.
 */
export function useNotesSync(supabase: SupabaseClient | null, userId: string | null | undefined, notify?: (message: ToastMessage) => void): void {
  // The latest notify is used without restarting sync when its identity changes.
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);
  useEffect(() => {
    if (!supabase || !userId) return;
    const session = startNotesSync({ supabase, userId, notify: (message) => notifyRef.current?.(message) });
    return () => session.stop();
  }, [supabase, userId]);
}
