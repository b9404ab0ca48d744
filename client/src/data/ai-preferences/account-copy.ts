// The account's copy of the AI preferences, the one the server builds every prompt from: its field in
// `user_metadata` (core/ai-preferences.ts), read from the stored session (offline, and at once) or fresh
// from GET /auth/v1/user, and written with PUT /auth/v1/user (lib/user-metadata.ts).
import { AI_PREFERENCES_METADATA_FIELD, aiPreferencesFromMetadata, type AiPreferences } from '#core/ai-preferences';
import { afterContentShown } from '../../lib/first-content';
import { getAuthClient, readStoredSession } from '../../lib/supabase';
import { updateUserMetadata } from '../../lib/user-metadata';

/** How long the first load waits for the server's copy before using what this device has. */
const FRESH_READ_TIMEOUT_MS = 5000;

/** What the preferences need from outside: the network state and the user's account. */
export interface PreferencesBackend {
  isOnline(): boolean;
  /** The user as the server has it now (GET /auth/v1/user); undefined when it did not answer (in time). */
  fetchServerUser(): Promise<{ id: string; user_metadata?: unknown } | undefined>;
  /** Merges `patch` into the user's user_metadata (PUT /auth/v1/user); throws NotSignedInError, auth errors. */
  updateMetadata(patch: Record<string, unknown>, userId: string): Promise<unknown>;
}

/** The app's backend: supabase-js's auth client, the browser's online flag. */
export const supabasePreferencesBackend: PreferencesBackend = {
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

/** The account's copy read fresh; undefined when the server could not be asked (offline, slow, signed out), null when it has none. */
export async function readAccountCopy(
  backend: PreferencesBackend,
  userId: string,
): Promise<AiPreferences | null | undefined> {
  if (!backend.isOnline()) return undefined;
  try {
    const user = await backend.fetchServerUser();
    if (!user || user.id !== userId) return undefined;
    return aiPreferencesFromMetadata(user.user_metadata);
  } catch {
    return undefined;
  }
}

/** Writes the preferences to the account. */
export function writeAccountCopy(
  backend: PreferencesBackend,
  userId: string,
  preferences: AiPreferences,
): Promise<unknown> {
  return backend.updateMetadata({ [AI_PREFERENCES_METADATA_FIELD]: preferences }, userId);
}

/** The account's preferences as the stored session last saw them (offline start), or null. */
export function sessionCopy(userId: string): AiPreferences | null {
  try {
    const session = readStoredSession();
    return session && session.user.id === userId ? aiPreferencesFromMetadata(session.user.user_metadata) : null;
  } catch {
    return null;
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
