// Tags the assistant suggests for a plan about to be saved on /new (issue 34, item 4): asked once per plan,
// only while the user lets the assistant use their notes and the browser is online; the user's tags go
// with the request, most used first, so that theirs are reused before new ones are made up. A failure
// shows nothing: suggestions are a help, never in the way of saving.
import { useQuery } from '@tanstack/react-query';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useUserId } from '../auth';
import { useTagCounts } from '../notes';
import { suggestPlanTags, type SuggestedTag } from './assistant-api';
import { assistantStatusQuery } from './use-assistant';

/** The user's tags, most used first (ties A to Z, as the counts come). */
export function tagsByUse(counts: ReadonlyMap<string, number>): string[] {
  return [...counts].sort((a, b) => b[1] - a[1]).map(([tag]) => tag);
}

/** Null while unknown or off; the suggestions otherwise (possibly none). */
export function useTagSuggestions(plan: { title: string; text: string } | null): SuggestedTag[] | null {
  const userId = useUserId();
  const online = useOnlineStatus();
  const status = useQuery({ ...assistantStatusQuery(userId), enabled: userId !== null && online && plan !== null });
  const counts = useTagCounts(plan !== null);
  const enabled = online && plan !== null && status.data?.enabled === true && counts !== undefined;
  const suggestions = useQuery({
    // Keyed by the plan alone: renaming the idea does not ask again.
    queryKey: ['assistant-tag-suggestions', userId, plan?.text ?? ''],
    queryFn: ({ signal }) =>
      suggestPlanTags({ title: plan!.title, text: plan!.text, existingTags: tagsByUse(counts!) }, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  return enabled ? (suggestions.data ?? null) : null;
}
