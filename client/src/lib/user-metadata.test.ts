// Writing user_metadata: a patch whose merge would pass the 4 KB cap is refused before it is sent (by the
// server's own rule, core/user-metadata.ts), another user's session is not written with; and which
// failures are worth retrying. The auth client is a stand-in holding a session.
import { describe, expect, it, vi } from 'vitest';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { USER_METADATA_MAX_BYTES } from '#core/user-metadata';
import {
  isRetryableWriteError,
  MetadataTooLargeError,
  NotSignedInError,
  updateUserMetadata,
  type MetadataAuth,
} from './user-metadata';

function authHolding(userId: string, userMetadata: Record<string, unknown>) {
  const user = { id: userId, user_metadata: userMetadata };
  const updateUser = vi.fn(async ({ data }: { data?: object }) => ({
    data: { user: { ...user, user_metadata: { ...userMetadata, ...data } } },
    error: null,
  }));
  const auth = {
    getSession: async () => ({ data: { session: { user } }, error: null }),
    updateUser,
  } as unknown as MetadataAuth;
  return { auth, updateUser };
}

/** A bio that leaves the metadata `room` bytes under the cap ({"bio":"..."} is 10 bytes around the text). */
const bioLeaving = (room: number) => 'x'.repeat(USER_METADATA_MAX_BYTES - 10 - room);

describe('updateUserMetadata', () => {
  it('sends a patch whose merged metadata stays within 4 KB', async () => {
    const { auth, updateUser } = authHolding('u1', { bio: bioLeaving(20) });
    await updateUserMetadata({ name: 'Ann' }, 'u1', auth);
    expect(updateUser).toHaveBeenCalledWith({ data: { name: 'Ann' } });
  });

  it('refuses, before sending, a patch whose merged metadata would pass 4 KB', async () => {
    const { auth, updateUser } = authHolding('u1', { bio: bioLeaving(5) });
    await expect(updateUserMetadata({ name: 'Annabel Lee' }, 'u1', auth)).rejects.toBeInstanceOf(MetadataTooLargeError);
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('counts what the patch removes: null drops a key, as the server merges', async () => {
    const { auth, updateUser } = authHolding('u1', { bio: bioLeaving(0) });
    await updateUserMetadata({ bio: null, name: 'Annabel Lee' }, 'u1', auth);
    expect(updateUser).toHaveBeenCalledOnce();
  });

  it("never writes with another user's session", async () => {
    const { auth, updateUser } = authHolding('someone-else', {});
    await expect(updateUserMetadata({ name: 'Ann' }, 'u1', auth)).rejects.toBeInstanceOf(NotSignedInError);
    expect(updateUser).not.toHaveBeenCalled();
  });
});

describe('isRetryableWriteError', () => {
  it('retries network failures and 5xx, not refusals', () => {
    expect(isRetryableWriteError(new AuthRetryableFetchError('offline', 0))).toBe(true);
    expect(isRetryableWriteError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableWriteError(new AuthApiError('down', 503, undefined))).toBe(true);
    expect(isRetryableWriteError(new AuthApiError('too big', 422, 'validation_failed'))).toBe(false);
    expect(isRetryableWriteError(new Error('other'))).toBe(false);
  });
});
