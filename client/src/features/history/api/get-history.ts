// GET /api/notes/:id/history: a note's kept versions, newest first, a page at a time; and the hook that
// reads them for the panel, fresh each time it opens.
import { useInfiniteQuery } from '@tanstack/react-query';
import { historyKeys, historyPath, historyRequest, isRecord, readVersion, type Version } from './history-request';

export interface HistoryPage {
  versions: Version[];
  /** The id to page on from (`before`); null on the last page. */
  next: string | null;
}

/** Reads a list answer; versions the panel cannot show are left out. */
export function readHistoryPage(body: unknown): HistoryPage {
  if (!isRecord(body)) return { versions: [], next: null };
  const versions = Array.isArray(body.versions)
    ? body.versions.map(readVersion).filter((version) => version !== null)
    : [];
  return { versions, next: typeof body.next === 'string' && body.next !== '' ? body.next : null };
}

/** One page of the note's history: the newest, or those kept before the version `before`. */
export async function getHistory(noteId: string, before: string | null = null): Promise<HistoryPage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  const response = await historyRequest(historyPath(noteId, query));
  return readHistoryPage(await response.json());
}

/** The note's history, page by page; runs while `enabled` (online, the note on the server). */
export function useHistory(noteId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: historyKeys.list(noteId),
    queryFn: ({ pageParam }) => getHistory(noteId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
    // Versions are kept as the note changes anywhere: read them again whenever the panel opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export type HistoryQuery = ReturnType<typeof useHistory>;
