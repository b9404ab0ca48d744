// The signed-in user's `user_metadata` as the account settings read and write it (the AI preferences,
// the Trash's retention): from the stored session (offline, and at once) or fresh from GET /auth/v1/user,
// and written with PUT /auth/v1/user (user-metadata.ts). Each setting keeps its own member and reader.
import { afterContentShown } from './first-content';
import { getAuthClient, readStoredSession } from './supabase';
import { updateUserMetadata } from './user-metadata';

/** How long a fresh read waits for the server's copy before using what this device has. */
const FRESH_READ_TIMEOUT_MS = 5000;

/** What an account setting needs from outside: the network state and the user's account. */
export interface AccountBackend {
  isOnline(): boolean;
  /** The user as the server has it now (GET /auth/v1/user); undefined when it did not answer (in time). */
  fetchServerUser(): Promise<{ id: string; user_metadata?: unknown } | undefined>;
  /** Merges `patch` into the user's user_metadata (PUT /auth/v1/user); throws NotSignedInError, auth errors. */
  updateMetadata(patch: Record<string, unknown>, userId: string): Promise<unknown>;
}

/** The app's backend: supabase-js's auth client, the browser's online flag. */
export const supabaseAccountBackend: AccountBackend = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  async fetchServerUser() {
    // The stored session's copy is shown meanwhile; the account's is not worth delaying the first screen.
    await afterContentShown();
    const auth = await getAuthClient();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), FRESH_READ_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([auth.getUser(), timeout]);
      return result && !result.error && result.data.user ? result.data.user : undefined;
    } finally {
      clearTimeout(timer);
    }
  },
  updateMetadata: (patch, userId) => updateUserMetadata(patch, userId),
};

/** What an account holds, as a read found it: its user_metadata (anything a server sent). */
export interface AccountRead {
  metadata: unknown;
}

/** The account's user_metadata read fresh; undefined when the server could not be asked (offline, slow, signed out). */
export async function readAccountMetadata(backend: AccountBackend, userId: string): Promise<AccountRead | undefined> {
  if (!backend.isOnline()) return undefined;
  try {
    const user = await backend.fetchServerUser();
    return user && user.id === userId ? { metadata: user.user_metadata } : undefined;
  } catch {
    return undefined;
  }
}

/** The account's user_metadata as the stored session last saw it (offline start); undefined without that user's session. */
export function sessionMetadata(userId: string): AccountRead | undefined {
  try {
    const session = readStoredSession();
    return session && session.user.id === userId ? { metadata: session.user.user_metadata } : undefined;
  } catch {
    return undefined;
  }
}

/** The user of the stored session, or null. */
export function storedSessionUserId(): string | null {
  try {
    return readStoredSession()?.user.id ?? null;
  } catch {
    return null;
  }
}
