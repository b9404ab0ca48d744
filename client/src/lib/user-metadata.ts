// Writes to the signed-in user's `user_metadata` (PUT /auth/v1/user `data`, ARCHITECTURE 6.2). The server
// merges the patch (a null value removes a key) and caps the result at 4 KB, because it travels in every
// access token (ARCHITECTURE 9.13); we check the size first so the user gets a clear message.
import type { User } from '@supabase/auth-js';
import { isAuthApiError, isAuthRetryableFetchError } from './auth-error-kinds';
import { getAuthClient } from './supabase';

export const USER_METADATA_MAX_BYTES = 4096;

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

/** `current` merged with `patch` the way the server merges it: null removes a key, other values replace. */
export function mergeMetadata(current: Record<string, unknown> | null | undefined, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** The size in bytes (UTF-8 JSON, as the server measures it) of the metadata after the patch. */
export function mergedMetadataBytes(current: Record<string, unknown> | null | undefined, patch: Record<string, unknown>): number {
  return new TextEncoder().encode(JSON.stringify(mergeMetadata(current, patch))).length;
}

/** A failure worth retrying later: no network, or the server (or a gateway) failing with a 5xx. */
export function isRetryableWriteError(error: unknown): boolean {
  if (isAuthRetryableFetchError(error) || error instanceof TypeError) return true;
  return isAuthApiError(error) && error.status >= 500;
}

/**
 * Merges `patch` into the user's `user_metadata` on the server and returns the updated user (supabase-js
 * also updates the stored session, so `useAuth().user` follows). Throws NotSignedInError when no session
 * of `expectedUserId` is held, MetadataTooLargeError before sending too much, or the auth error.
 */
export async function updateUserMetadata(patch: Record<string, unknown>, expectedUserId?: string): Promise<User> {
  const auth = await getAuthClient();
  const { data, error: sessionError } = await auth.getSession();
  if (sessionError) throw sessionError;
  const session = data.session;
  if (!session || (expectedUserId !== undefined && session.user.id !== expectedUserId)) throw new NotSignedInError();
  if (mergedMetadataBytes(session.user.user_metadata, patch) > USER_METADATA_MAX_BYTES) throw new MetadataTooLargeError();
  const { data: updated, error } = await auth.updateUser({ data: patch });
  if (error) throw error;
  return updated.user;
}
