// Users' own provider keys, encrypted at rest (ARCHITECTURE 9.7: AES-256-GCM with ENCRYPTION_KEY, the
// user id as additional data, a key id for rotation), and which key a request uses: the server's
// secret first, else the user's stored key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AiKeySource } from '#core/ai-events';
import type { AppContext } from '../http/context';
import type { Log } from './log';

/** Only keys at least this long have their last 4 characters shown back (a third of the key at most). */
const MIN_LENGTH_FOR_LAST4 = 12;

export interface EncryptedKey {
  ciphertext: string;
  iv: string;
  authTag: string;
}

export function encryptApiKey(apiKey: string, key: Buffer, userId: string): EncryptedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
  return {
    ciphertext: ciphertext.toString('base64'),
    iv: iv.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
  };
}

/** Throws when the key, the user id or the stored bytes do not match. */
export function decryptApiKey(stored: EncryptedKey, key: Buffer, userId: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(stored.iv, 'base64'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(stored.authTag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(stored.ciphertext, 'base64')), decipher.final()]).toString('utf8');
}

export function last4Of(apiKey: string): string | null {
  return apiKey.length >= MIN_LENGTH_FOR_LAST4 ? apiKey.slice(-4) : null;
}

export async function saveUserApiKey(
  ctx: AppContext,
  userId: string,
  apiKey: string,
): Promise<{ last4: string | null }> {
  const sealed = encryptApiKey(apiKey, ctx.encryptionKey, userId);
  const last4 = last4Of(apiKey);
  const values = {
    ciphertext: sealed.ciphertext,
    iv: sealed.iv,
    auth_tag: sealed.authTag,
    key_id: ctx.encryptionKeyId,
    last4: last4 ?? '',
  };
  await ctx.db
    .insertInto('private.user_ai_keys')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
  return { last4 };
}

export async function deleteUserApiKey(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.deleteFrom('private.user_ai_keys').where('user_id', '=', userId).execute();
}

export interface StoredUserKey {
  apiKey: string;
  last4: string | null;
}

/** The user's key, decrypted; null when there is none or it cannot be decrypted (logged: e.g. a rotated key). */
export async function loadUserApiKey(ctx: AppContext, userId: string, log: Log): Promise<StoredUserKey | null> {
  const row = await ctx.db
    .selectFrom('private.user_ai_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.key_id !== ctx.encryptionKeyId) {
    log.warn({ userId, keyId: row.key_id }, 'stored AI key was encrypted with another ENCRYPTION_KEY; ignoring it');
    return null;
  }
  try {
    const apiKey = decryptApiKey(
      { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag },
      ctx.encryptionKey,
      userId,
    );
    return { apiKey, last4: row.last4 === '' ? null : row.last4 };
  } catch {
    log.warn({ userId }, 'stored AI key could not be decrypted; ignoring it');
    return null;
  }
}

export interface ResolvedKey {
  apiKey: string;
  source: AiKeySource;
}

/** The key a request uses: the server secret wins, else the caller's stored key; null when neither. */
export async function resolveApiKey(ctx: AppContext, userId: string | null, log: Log): Promise<ResolvedKey | null> {
  if (ctx.config.ai.serverKey) return { apiKey: ctx.config.ai.serverKey, source: 'server' };
  if (!userId) return null;
  const stored = await loadUserApiKey(ctx, userId, log);
  return stored ? { apiKey: stored.apiKey, source: 'user' } : null;
}
