// DELETE /api/notes/:id/history: every kept version of the note goes; the note itself stays as it is.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historyKeys, historyPath, historyRequest } from './history-request';

export async function deleteHistory(noteId: string): Promise<void> {
  await historyRequest(historyPath(noteId), { method: 'DELETE' });
}

/** Deletes the note's history; on success the panel's list is empty at once, then read again. */
export function useDeleteHistory(noteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteHistory(noteId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: historyKeys.all(noteId), type: 'inactive' });
      queryClient.setQueryData(historyKeys.list(noteId), { pages: [{ versions: [], next: null }], pageParams: [null] });
      await queryClient.invalidateQueries({ queryKey: historyKeys.list(noteId) });
    },
  });
}
