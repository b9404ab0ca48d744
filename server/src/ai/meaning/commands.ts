// What the assistant's endpoints do, below HTTP (routes.ts): the user's setting, the index's status, and
// search by meaning. The index is the server's (private schema): read and written as the server, always
// for the caller's own user id.
import { sql } from 'kysely';
import type { AppContext } from '../../http/context';
import type { Log } from '../log';
import { ApiError } from '../../http/errors/json-errors';
import { ASK_SIMILARITY_FLOOR, ASK_SOURCES } from './ask';
import { bumpGeneration } from './indexer';
import type { MeaningMatch } from './search';
import type { Assistant } from './service';
import { suggestTags, type SuggestedTag } from './tag-suggestions';

export interface AssistantStatus {
  enabled: boolean;
  /** Archived notes are left out of the index and the answers too. */
  leaveOutArchived: boolean;
  model: string;
  /** Notes in the index now. */
  indexedNotes: number;
  /** Notes written since the indexer last looked (0 when it has caught up). */
  pendingNotes: number;
}

export const assistantErrors = {
  off: () =>
    new ApiError(
      409,
      'assistant_off',
      "Turn on 'Use my notes with the assistant' in Settings > AI to search your notes by meaning.",
    ),
};

/** The user's row of settings; undefined for a user who never turned the assistant on (off). */
function readSettings(ctx: AppContext, userId: string) {
  return ctx.db
    .selectFrom('private.assistant_settings')
    .select(['enabled', 'leave_out_archived', 'indexed_model', 'indexed_revision'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function assistantStatus(ctx: AppContext, userId: string, model: string): Promise<AssistantStatus> {
  const settings = await readSettings(ctx, userId);
  const leaveOutArchived = settings?.leave_out_archived ?? false;
  if (!settings?.enabled) return { enabled: false, leaveOutArchived, model, indexedNotes: 0, pendingNotes: 0 };
  const mark = settings.indexed_model === model ? Number(settings.indexed_revision) : 0;
  const [indexed, pending] = await Promise.all([
    ctx.db
      .selectFrom('private.note_index_state')
      .select(sql<number>`count(*)`.as('count'))
      .where('user_id', '=', userId)
      .where('model', '=', model)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('notes')
      .select(sql<number>`count(*)`.as('count'))
      .where('user_id', '=', userId)
      .where('revision', '>', mark)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    enabled: true,
    leaveOutArchived,
    model,
    indexedNotes: Number(indexed.count),
    pendingNotes: Number(pending.count),
  };
}

/**
 * Turns the setting on (the indexer starts from the beginning) or off (the user's index is deleted at
 * once), and whether archived notes are left out (the indexer reads every note again: the unchanged ones
 * cost no embedding, the archived ones leave the index or come back).
 */
export async function saveAssistantSettings(
  ctx: AppContext,
  assistant: Assistant,
  userId: string,
  { enabled, leaveOutArchived }: { enabled: boolean; leaveOutArchived?: boolean | undefined },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('private.assistant_settings')
      .select(['enabled', 'leave_out_archived'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    const leaveOut = leaveOutArchived ?? before?.leave_out_archived ?? false;
    if (enabled) {
      const again = !before?.enabled || before.leave_out_archived !== leaveOut;
      await trx
        .insertInto('private.assistant_settings')
        .values({ user_id: userId, enabled: true, leave_out_archived: leaveOut })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            enabled: true,
            leave_out_archived: leaveOut,
            ...(again ? { indexed_revision: 0 } : {}),
            updated_at: sql`now()`,
          }),
        )
        .execute();
      if (again) await bumpGeneration(trx, userId);
      return;
    }
    await trx.deleteFrom('private.note_chunks').where('user_id', '=', userId).execute();
    await trx.deleteFrom('private.note_index_state').where('user_id', '=', userId).execute();
    await trx
      .insertInto('private.assistant_settings')
      .values({ user_id: userId, enabled: false, leave_out_archived: leaveOut })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          enabled: false,
          leave_out_archived: leaveOut,
          indexed_model: null,
          indexed_revision: 0,
          updated_at: sql`now()`,
        }),
      )
      .execute();
    await bumpGeneration(trx, userId);
  });
  if (!enabled) assistant.search.forget(userId);
}

/** The passages a question is answered from (close enough in meaning, at most ASK_SOURCES notes), and the user's archive setting. */
export async function findSources(
  ctx: AppContext,
  assistant: Assistant,
  userId: string,
  question: string,
  signal: AbortSignal,
): Promise<{ sources: MeaningMatch[]; leaveOutArchived: boolean }> {
  const { leaveOutArchived } = await requireEnabled(ctx, userId);
  const [vector] = await assistant.embedder.embed(userId, [question], signal);
  const sources = await assistant.search.search(userId, assistant.embedder.model, vector!, {
    limit: ASK_SOURCES,
    floor: ASK_SIMILARITY_FLOOR,
    leaveOutArchived,
  });
  return { sources, leaveOutArchived };
}

/** The user's settings; refused while the assistant may not use their notes. */
async function requireEnabled(ctx: AppContext, userId: string): Promise<{ leaveOutArchived: boolean }> {
  const settings = await readSettings(ctx, userId);
  if (!settings?.enabled) throw assistantErrors.off();
  return { leaveOutArchived: settings.leave_out_archived };
}

/** How close a note must be to an idea on /new for the assistant to mention it. */
export const IDEA_RELATED_FLOOR = 0.4;
export const IDEA_RELATED_NOTES = 3;

/**
 * The user's notes that may be about the idea being developed on /new, for the conversation's prompt.
 * Empty while the setting is off; never fails the turn (the provider's embeddings failing leaves it out).
 */
export async function notesRelatedToIdea(
  ctx: AppContext,
  assistant: Assistant,
  userId: string,
  idea: string,
  signal: AbortSignal,
  log: Log,
): Promise<MeaningMatch[]> {
  if (!idea.trim()) return [];
  const settings = await readSettings(ctx, userId);
  if (!settings?.enabled) return [];
  try {
    const [vector] = await assistant.embedder.embed(userId, [idea], signal);
    return await assistant.search.search(userId, assistant.embedder.model, vector!, {
      limit: IDEA_RELATED_NOTES,
      floor: IDEA_RELATED_FLOOR,
      leaveOutArchived: settings.leave_out_archived,
    });
  } catch (error) {
    log.warn({ err: error }, 'related notes for the idea could not be found; the conversation goes on without them');
    return [];
  }
}

/** How close another note must be to be listed as related (cosine of their closest passages). */
export const RELATED_FLOOR = 0.3;
export const RELATED_NOTES = 5;

/** The user's notes closest in meaning to their note `noteId`, for its note screen. Refused while off. */
export async function relatedNotes(
  ctx: AppContext,
  assistant: Assistant,
  userId: string,
  noteId: string,
): Promise<MeaningMatch[]> {
  const { leaveOutArchived } = await requireEnabled(ctx, userId);
  return assistant.search.related(userId, assistant.embedder.model, noteId, {
    limit: RELATED_NOTES,
    floor: RELATED_FLOOR,
    leaveOutArchived,
  });
}

/** Up to three tags for a plan being saved, the user's own first. Refused while the setting is off. */
export async function suggestPlanTags(
  ctx: AppContext,
  userId: string,
  plan: { title: string; text: string; existingTags: readonly string[] },
  signal: AbortSignal,
  log: Log,
): Promise<SuggestedTag[]> {
  await requireEnabled(ctx, userId);
  return suggestTags(ctx, userId, plan, signal, log);
}

/** The user's notes closest in meaning to `query`. Refused while the setting is off. */
export async function searchByMeaning(
  ctx: AppContext,
  assistant: Assistant,
  userId: string,
  query: string,
  limit: number,
  signal: AbortSignal,
): Promise<MeaningMatch[]> {
  const { leaveOutArchived } = await requireEnabled(ctx, userId);
  const [vector] = await assistant.embedder.embed(userId, [query], signal);
  return assistant.search.search(userId, assistant.embedder.model, vector!, { limit, leaveOutArchived });
}
