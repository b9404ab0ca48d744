// Search by meaning for the search field and the command palette (issue 34): the server is asked only
// while the user's setting is on, read from the status the page keeps with the Settings card's (its
// QueryClient), so with the setting off no query leaves for the embedding provider, nor for the server.
import { pageQueryClient } from '../../lib/query-provider';
import { ApiRequestError } from '../../lib/api-json';
import { searchNotesByMeaning, type MeaningMatch } from './assistant-api';
import { assistantStatusQuery } from './use-assistant';

export type MeaningAnswer = { kind: 'matches'; matches: MeaningMatch[] } | { kind: 'off' };

/**
 * The notes closest in meaning to `query`, best first, or 'off' while the setting is off. Throws
 * ApiRequestError when the server or the provider fails (code 'offline' without a network), or
 * AbortError.
 */
export async function askByMeaning(
  userId: string,
  query: string,
  limit: number,
  signal: AbortSignal,
): Promise<MeaningAnswer> {
  const client = pageQueryClient();
  const statusQuery = assistantStatusQuery(userId);
  // Fresh for 30 s: typing asks the server for the status at most that often.
  const status = await client.fetchQuery(statusQuery);
  if (!status.enabled) return { kind: 'off' };
  try {
    return { kind: 'matches', matches: await searchNotesByMeaning(query, limit, signal) };
  } catch (error) {
    // Turned off since (on another device): the status the page keeps says so too.
    if (error instanceof ApiRequestError && error.code === 'assistant_off') {
      client.setQueryData(statusQuery.queryKey, { ...status, enabled: false });
      return { kind: 'off' };
    }
    throw error;
  }
}
