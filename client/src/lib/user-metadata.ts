// Writes to the signed-in user's `user_metadata` (PUT /auth/v1/user `data`, ARCHITECTURE 6.2). The server
// merges the patch (a null value removes a key) and caps the result at 4 KB, because it travels in every
// access token (ARCHITECTURE 9.13); we check the merged size first, by the same rule
// (core/user-metadata.ts), so the user gets a clear message.
import type { User } from '@supabase/auth-js';
import { mergedMetadataFits, USER_METADATA_MAX_BYTES } from '#core/user-metadata';
import { isAuthApiError, isAuthRetryableFetchError } from './auth-error-kinds';
import { getAuthClient, type AuthClient } from './supabase';

export class MetadataTooLargeError extends Error {
  override readonly name = 'MetadataTooLargeError';
  constructor() {
    super(`Profile data must be at most ${USER_METADATA_MAX_BYTES} bytes`);
  }
}

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super('User not authenticated');
  }
}

/** A failure worth retrying later: no network, or the server (or a gateway) failing with a 5xx. */
export function isRetryableWriteError(error: unknown): boolean {
  if (isAuthRetryableFetchError(error) || error instanceof TypeError) return true;
  return isAuthApiError(error) && error.status >= 500;
}

/** What a write needs of the auth client: the session held, and PUT /auth/v1/user. */
export type MetadataAuth = Pick<AuthClient, 'getSession' | 'updateUser'>;

/**
 * Merges `patch` into the user's `user_metadata` on the server and returns the updated user (supabase-js
 * also updates the stored session, so `useAuth().user` follows). Throws NotSignedInError when no session
 * of `expectedUserId` is held, MetadataTooLargeError before sending too much, or the auth error. `auth`
 * is the app's auth client unless a test gives its own.
 */
export async function updateUserMetadata(
  patch: Record<string, unknown>,
  expectedUserId?: string,
  auth?: MetadataAuth,
): Promise<User> {
  const client = auth ?? (await getAuthClient());
  const { data, error: sessionError } = await client.getSession();
  if (sessionError) throw sessionError;
  const session = data.session;
  if (!session || (expectedUserId !== undefined && session.user.id !== expectedUserId)) throw new NotSignedInError();
  if (!mergedMetadataFits(session.user.user_metadata, patch)) throw new MetadataTooLargeError();
  const { data: updated, error } = await client.updateUser({ data: patch });
  if (error) throw error;
  return updated.user;
}
