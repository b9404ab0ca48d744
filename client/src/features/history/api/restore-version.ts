// POST /api/notes/:id/history/:versionId/restore: the server writes the version's content onto the note as
// a new change, keeping the content it replaces as a version of its own (reason 'version').
import { historyPath, historyRequest, isRecord } from './history-request';

/** Restores the version; resolves with the note's new revision (null if the answer does not say). */
export async function restoreVersion(noteId: string, versionId: string): Promise<{ revision: number | null }> {
  const response = await historyRequest(historyPath(noteId, `/${encodeURIComponent(versionId)}/restore`), {
    method: 'POST',
  });
  const body: unknown = await response.json().catch(() => null);
  return { revision: isRecord(body) && typeof body.revision === 'number' ? body.revision : null };
}
