// The notes related in meaning to the note on screen (issue 34, item 4): asked of the server only while
// the user's setting is on and the browser is online; null while unknown, [] when there are none.
import { useQuery } from '@tanstack/react-query';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useUserId } from '../auth';
import { fetchRelatedNotes, type MeaningMatch } from './assistant-api';
import { assistantStatusQuery } from './use-assistant';

export function useRelatedNotes(noteId: string): MeaningMatch[] | null {
  const userId = useUserId();
  const online = useOnlineStatus();
  const status = useQuery({ ...assistantStatusQuery(userId), enabled: userId !== null && online });
  const enabled = online && status.data?.enabled === true;
  const related = useQuery({
    queryKey: ['assistant-related', userId, noteId],
    queryFn: ({ signal }) => fetchRelatedNotes(noteId, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return enabled ? (related.data ?? null) : null;
}
