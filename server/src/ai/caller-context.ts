// What a turn's prompt is built from, read from the database in one query: the caller's AI preferences
// and profile (user_metadata), their stored provider key (unless the server has its own) and, for
// chat, their most recently updated notes. The request body never carries any of this (issue 11).
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { parseAiPreferences, type AiPreferences } from '#core/ai-preferences';
import type { AppContext } from '../http/context';
import { decryptApiKey, type ResolvedKey } from './key-store';
import type { UserProfile } from './prompts';
import type { RecentNote } from './notes-activity';

/** Notes listed as the user's recent activity in the chat prompt. */
export const RECENT_NOTES_IN_PROMPT = 5;

export interface CallerContext {
  preferences: AiPreferences;
  profile: UserProfile;
  /** null: no key at all (neither the server's nor a usable one of the user's). */
  key: ResolvedKey | null;
  recentNotes: RecentNote[];
}

/** The `user_metadata` field holding the AI preferences (written by Settings through PUT /auth/v1/user). */
export const AI_PREFERENCES_METADATA_FIELD = 'ai_preferences';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function profileFromMetadata(metadata: Record<string, unknown>): UserProfile {
  return { name: text(metadata.name), bio: text(metadata.bio), location: text(metadata.location), website: text(metadata.website) };
}

export async function loadCallerContext(
  ctx: AppContext,
  userId: string,
  log: FastifyBaseLogger,
  options: { recentNotes: boolean },
): Promise<CallerContext> {
  const serverKey = ctx.config.ai.serverKey;
  const row = await ctx.db
    .selectFrom('users')
    .select('users.user_metadata')
    .$if(!serverKey, (qb) =>
      qb
        .leftJoin('user_ai_keys', 'user_ai_keys.user_id', 'users.id')
        .select(['user_ai_keys.ciphertext', 'user_ai_keys.iv', 'user_ai_keys.auth_tag', 'user_ai_keys.key_id']),
    )
    .$if(options.recentNotes, (qb) =>
      qb.select(
        sql<RecentNote[] | null>`(select json_agg(json_build_object('title', r.title, 'updatedAt', r.updated_at)) from (select title, updated_at from notes where notes.user_id = users.id and notes.deleted_at is null order by updated_at desc limit ${RECENT_NOTES_IN_PROMPT}) r)`.as(
          'recent_notes',
        ),
      ),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
  const metadata = (row?.user_metadata ?? {}) as Record<string, unknown>;
  const columns = (row ?? {}) as { ciphertext?: string | null; iv?: string | null; auth_tag?: string | null; key_id?: string | null; recent_notes?: RecentNote[] | null };
  return {
    preferences: parseAiPreferences(metadata[AI_PREFERENCES_METADATA_FIELD]),
    profile: profileFromMetadata(metadata),
    key: serverKey ? { apiKey: serverKey, source: 'server' } : userKey(ctx, userId, columns, log),
    recentNotes: Array.isArray(columns.recent_notes) ? columns.recent_notes : [],
  };
}

function userKey(
  ctx: AppContext,
  userId: string,
  stored: { ciphertext?: string | null; iv?: string | null; auth_tag?: string | null; key_id?: string | null },
  log: FastifyBaseLogger,
): ResolvedKey | null {
  if (!stored.ciphertext || !stored.iv || !stored.auth_tag) return null;
  if (stored.key_id !== ctx.encryptionKeyId) {
    log.warn({ userId, keyId: stored.key_id }, 'stored AI key was encrypted with another ENCRYPTION_KEY; ignoring it');
    return null;
  }
  try {
    return { apiKey: decryptApiKey({ ciphertext: stored.ciphertext, iv: stored.iv, authTag: stored.auth_tag }, ctx.encryptionKey, userId), source: 'user' };
  } catch {
    log.warn({ userId }, 'stored AI key could not be decrypted; ignoring it');
    return null;
  }
}
