// The assistant's knowledge of the user's notes, as the server keeps it (issue 34; docs/api.md, /api/assistant):
// whether the user let it use their notes, the index's status, and search by meaning. Each answer is read
// through a schema: the browser trusts nothing it did not check.
import { z } from 'zod';
import { apiJson } from '../../lib/api-json';
import { authorizedFetch } from '../../lib/authorized-fetch';

export const assistantStatusSchema = z.object({
  enabled: z.boolean(),
  leaveOutArchived: z.boolean().default(false),
  model: z.string(),
  indexedNotes: z.number().int().min(0),
  pendingNotes: z.number().int().min(0),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

const matchSchema = z.object({
  noteId: z.string(),
  title: z.string(),
  passage: z.string(),
  score: z.number(),
});
export type MeaningMatch = z.infer<typeof matchSchema>;
const searchSchema = z.object({ model: z.string(), matches: z.array(matchSchema) });
const suggestedTagsSchema = z.object({ tags: z.array(z.object({ tag: z.string(), existing: z.boolean() })) });
export type SuggestedTag = z.infer<typeof suggestedTagsSchema>['tags'][number];

export function fetchAssistantStatus(): Promise<AssistantStatus> {
  return apiJson(authorizedFetch('/api/assistant/status'), assistantStatusSchema);
}

export interface AssistantSettingsInput {
  enabled: boolean;
  leaveOutArchived?: boolean;
}

export function saveAssistantSettings(settings: AssistantSettingsInput): Promise<AssistantStatus> {
  return apiJson(
    authorizedFetch('/api/assistant/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(settings),
    }),
    assistantStatusSchema,
  );
}

/** The user's notes closest in meaning to `query`, best first. Throws ApiRequestError (or AbortError). */
export async function searchNotesByMeaning(
  query: string,
  limit: number,
  signal?: AbortSignal,
): Promise<MeaningMatch[]> {
  const answer = await apiJson(
    authorizedFetch('/api/assistant/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, limit }),
      ...(signal ? { signal } : {}),
    }),
    searchSchema,
  );
  return answer.matches;
}

/** The user's notes closest in meaning to their note `noteId`, best first (from the index: no provider call). */
export async function fetchRelatedNotes(noteId: string, signal?: AbortSignal): Promise<MeaningMatch[]> {
  const answer = await apiJson(
    authorizedFetch(`/api/assistant/notes/${encodeURIComponent(noteId)}/related`, signal ? { signal } : {}),
    searchSchema,
  );
  return answer.matches;
}

/**
 * Up to three tags for a plan being saved, the user's own first: `existingTags` are the user's tags, most
 * used first (the device knows them all, `#tags` in texts too). Throws ApiRequestError.
 */
export async function suggestPlanTags(
  plan: { title: string; text: string; existingTags: readonly string[] },
  signal?: AbortSignal,
): Promise<SuggestedTag[]> {
  const answer = await apiJson(
    authorizedFetch('/api/assistant/suggest-tags', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(plan),
      ...(signal ? { signal } : {}),
    }),
    suggestedTagsSchema,
  );
  return answer.tags;
}
