// The Profile screen's server calls: saving the profile (user_metadata, mirrored to the local user_data
// key the AI chat reads), changing the password (the current one is checked by the server), and deleting
// the account (DELETE /api/account).
import { isAuthApiError, type User } from '@supabase/supabase-js';
import { getSupabase } from '../../lib/supabase';
import { authErrorMessage } from '../../data/auth';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { writeUserData, type UserData } from '../../lib/device-storage';
import { updateUserMetadata } from '../preferences/user-metadata';
import { PASSWORD_MESSAGES, profileMetadataPatch, type ProfileForm } from './profile-fields';

/** The local `user_data` copy of a user's profile. */
export function userDataFromUser(user: Pick<User, 'email' | 'user_metadata'>): UserData {
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  const data: UserData = {};
  if (user.email) data.email = user.email;
  for (const key of ['name', 'bio', 'location', 'website', 'avatar_url'] as const) {
    const value = meta[key];
    if (typeof value === 'string' && value !== '') data[key] = value;
  }
  return data;
}

/** Saves the profile on the server, then mirrors it to the local `user_data` key. */
export async function saveProfile(userId: string, form: ProfileForm): Promise<User> {
  const user = await updateUserMetadata(profileMetadataPatch(form), userId);
  writeUserData(userId, userDataFromUser(user));
  return user;
}

/** The toast text for a failed password change. */
export function passwordChangeErrorMessage(error: unknown): string {
  if (isAuthApiError(error)) {
    if (error.code === 'current_password_mismatch') return PASSWORD_MESSAGES.wrongCurrent;
    if (error.code === 'current_password_required') return PASSWORD_MESSAGES.currentRequired;
    if (error.code === 'same_password') return PASSWORD_MESSAGES.samePassword;
  }
  return authErrorMessage(error);
}

/** Changes the password; the server checks the current one. Throws the auth error. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.auth.updateUser({ password: newPassword, current_password: currentPassword });
  if (error) throw error;
}

export class WrongPasswordError extends Error {
  override readonly name = 'WrongPasswordError';
  constructor() {
    super(PASSWORD_MESSAGES.wrongCurrent);
  }
}

/** Deletes the account and every note on the server. Throws WrongPasswordError or an Error. */
export async function deleteAccount(currentPassword: string): Promise<void> {
  const response = await authorizedFetch('/api/account', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ current_password: currentPassword }),
  });
  if (response.status === 204 || response.ok) return;
  let code: unknown = null;
  try {
    code = ((await response.json()) as { error?: unknown }).error;
  } catch {
    // not JSON: reported below by status
  }
  if (code === 'current_password_mismatch') throw new WrongPasswordError();
  throw new Error(`DELETE /api/account answered ${response.status}`);
}
