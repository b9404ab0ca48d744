// What a turn's prompt is built from, read from the database in one query: the caller's AI preferences
// and profile (user_metadata), their stored provider key (unless the server has its own) and, for
// chat, their most recently updated notes. The request body never carries any of this (issue 11).
import { sql } from 'kysely';
import { aiPreferencesFromMetadata, DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import type { AppContext } from '../http/context';
import { decryptApiKey, type ResolvedKey } from './key-store';
import type { Log } from './log';
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

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function profileFromMetadata(metadata: Record<string, unknown>): UserProfile {
  return {
    name: text(metadata.name),
    bio: text(metadata.bio),
    location: text(metadata.location),
    website: text(metadata.website),
  };
}

/** A row of ai_caller_context(): the key columns are null without a stored key (or with a server key). */
interface ContextRow {
  user_metadata: unknown;
  ciphertext: string | null;
  iv: string | null;
  auth_tag: string | null;
  key_id: string | null;
  recent_notes: RecentNote[] | null;
}

export async function loadCallerContext(
  ctx: AppContext,
  userId: string,
  log: Log,
  options: { recentNotes: boolean },
): Promise<CallerContext> {
  const serverKey = ctx.config.ai.serverKey;
  // One call of the SQL function of migration 010: its plan is kept, where this query as a statement
  // was planned anew for every turn. Without a server key it also reads the caller's stored key.
  const { rows } =
    await sql<ContextRow>`select * from private.ai_caller_context(${userId}, ${options.recentNotes ? RECENT_NOTES_IN_PROMPT : 0}, ${!serverKey})`.execute(
      ctx.db,
    );
  const row = rows[0];
  const metadata = (row?.user_metadata ?? {}) as Record<string, unknown>;
  const columns: Partial<ContextRow> = row ?? {};
  return {
    preferences: aiPreferencesFromMetadata(metadata) ?? { ...DEFAULT_AI_PREFERENCES },
    profile: profileFromMetadata(metadata),
    key: serverKey ? { apiKey: serverKey, source: 'server' } : userKey(ctx, userId, columns, log),
    recentNotes: Array.isArray(columns.recent_notes) ? columns.recent_notes : [],
  };
}

function userKey(
  ctx: AppContext,
  userId: string,
  stored: { ciphertext?: string | null; iv?: string | null; auth_tag?: string | null; key_id?: string | null },
  log: Log,
): ResolvedKey | null {
  if (!stored.ciphertext || !stored.iv || !stored.auth_tag) return null;
  if (stored.key_id !== ctx.encryptionKeyId) {
    log.warn({ userId, keyId: stored.key_id }, 'stored AI key was encrypted with another ENCRYPTION_KEY; ignoring it');
    return null;
  }
  try {
    return {
      apiKey: decryptApiKey(
        { ciphertext: stored.ciphertext, iv: stored.iv, authTag: stored.auth_tag },
        ctx.encryptionKey,
        userId,
      ),
      source: 'user',
    };
  } catch {
    log.warn({ userId }, 'stored AI key could not be decrypted; ignoring it');
    return null;
  }
}
