// Saving the profile (PUT /auth/v1/user `data`, ARCHITECTURE 6.2): the fields go to user_metadata, and
// the saved profile is mirrored to the local `user_data` key the AI chat reads.
import { useMutation } from '@tanstack/react-query';
import type { User } from '@supabase/auth-js';
import { writeUserData, type UserData } from '../../../lib/device-storage';
import { updateUserMetadata } from '../../../lib/user-metadata';
import { profileMetadataPatch, type ProfileForm } from '../profile-fields';

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

/** Saves the profile on the server, then mirrors it to the local `user_data` key. Throws the auth error. */
export async function saveProfile(userId: string, form: ProfileForm): Promise<User> {
  const user = await updateUserMetadata(profileMetadataPatch(form), userId);
  writeUserData(userId, userDataFromUser(user));
  return user;
}

/** The save as a mutation (supabase-js updates the stored session too, so useAuth().user follows). */
export function useSaveProfile() {
  return useMutation({
    mutationFn: ({ userId, form }: { userId: string; form: ProfileForm }) => saveProfile(userId, form),
  });
}
