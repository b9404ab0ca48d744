// Restoring a version in one action: the server writes it onto the note as a new change, this device
// pulls it at once (the change feed leaves out the writer's own session), and a toast says so with Undo.
// The restore kept the content it replaced as the newest version (reason 'version'): Undo restores that.
import { useCallback } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useNotesActions, type NotesActions } from '../../data/notes';
import { expectToast, toast } from '../../lib/toast';
import { getHistory, type HistoryPage } from './api/get-history';
import { historyKeys, type Version } from './api/history-request';
import { restoreVersion } from './api/restore-version';
import { errorText, HISTORY_MESSAGES } from './history-text';
import { undoRestoreAction } from './undo-restore-action';

type SyncNow = NotesActions['syncNow'];

export interface RestoreOptions {
  /** This device has a change of the note not yet sent: send it first, so the restore replaces it. */
  pendingHere?: boolean;
}

/** Returns the restore action for the note; it rejects (HistoryOfflineError, HistoryApiError) when the server did not restore. */
export function useRestoreVersion(noteId: string): (version: Version, options?: RestoreOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const { syncNow } = useNotesActions();
  return useCallback(
    async (version, options = {}) => {
      expectToast();
      if (options.pendingHere) await quietSync(syncNow);
      const newestBefore = newestListed(queryClient, noteId);
      await restoreVersion(noteId, version.id);
      await afterRestore(queryClient, syncNow, noteId);
      toast({
        ...HISTORY_MESSAGES.restored(version),
        action: undoRestoreAction(() => void undoRestore(queryClient, syncNow, noteId, newestBefore)),
      });
    },
    [noteId, queryClient, syncNow],
  );
}

/** The id of the newest version the panel listed, if it has read the list. */
function newestListed(queryClient: QueryClient, noteId: string): string | null {
  const list = queryClient.getQueryData<InfiniteData<HistoryPage>>(historyKeys.list(noteId));
  return list?.pages[0]?.versions[0]?.id ?? null;
}

/**
 * Undo of a restore: the newest version is the content the restore replaced, unless the history changed
 * since (another restore, or none kept: the restored text was the note's already). Version ids grow.
 */
async function undoRestore(
  queryClient: QueryClient,
  syncNow: SyncNow,
  noteId: string,
  newestBefore: string | null,
): Promise<void> {
  expectToast();
  try {
    const [kept] = (await getHistory(noteId)).versions;
    const keptByRestore =
      kept?.reason === 'version' && (newestBefore === null || BigInt(kept.id) > BigInt(newestBefore));
    if (!kept || !keptByRestore) {
      toast(HISTORY_MESSAGES.undoChanged);
      return;
    }
    await restoreVersion(noteId, kept.id);
    await afterRestore(queryClient, syncNow, noteId);
    toast(HISTORY_MESSAGES.undone);
  } catch (error) {
    toast(HISTORY_MESSAGES.undoFailed(errorText(error)));
  }
}

async function afterRestore(queryClient: QueryClient, syncNow: SyncNow, noteId: string): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: historyKeys.list(noteId) });
  await quietSync(syncNow);
}

// The restore is on the server whatever this sync says: a device that cannot pull now gets it with a later sync.
async function quietSync(syncNow: SyncNow): Promise<void> {
  try {
    await syncNow();
  } catch (error) {
    console.warn('Sync around a restore failed:', error);
  }
}
