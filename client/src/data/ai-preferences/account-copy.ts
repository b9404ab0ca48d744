// The account's copy of the AI preferences, the one the server builds every prompt from: its field in
// `user_metadata` (core/ai-preferences.ts), read and written through lib/account-metadata.ts.
import { AI_PREFERENCES_METADATA_FIELD, aiPreferencesFromMetadata, type AiPreferences } from '#core/ai-preferences';
import {
  readAccountMetadata,
  sessionMetadata,
  supabaseAccountBackend,
  type AccountBackend,
} from '../../lib/account-metadata';

export { storedSessionUserId } from '../../lib/account-metadata';

/** What the preferences need from outside: the network state and the user's account. */
export type PreferencesBackend = AccountBackend;

/** The app's backend: supabase-js's auth client, the browser's online flag. */
export const supabasePreferencesBackend: PreferencesBackend = supabaseAccountBackend;

/** The account's copy read fresh; undefined when the server could not be asked (offline, slow, signed out), null when it has none. */
export async function readAccountCopy(
  backend: PreferencesBackend,
  userId: string,
): Promise<AiPreferences | null | undefined> {
  const read = await readAccountMetadata(backend, userId);
  return read && aiPreferencesFromMetadata(read.metadata);
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
  const read = sessionMetadata(userId);
  return read ? aiPreferencesFromMetadata(read.metadata) : null;
}
