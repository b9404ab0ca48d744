// Pure rules of the Profile screen: reading the profile from user_metadata, the website and picture URL
// checks, the metadata patch a save sends, the password-change rules (spec section 5) and which avatar
// addresses the page may display (the Content-Security-Policy allows only this origin and data: images).
export interface ProfileForm {
  name: string;
  bio: string;
  location: string;
  website: string;
  avatarUrl: string;
}

/** Field limits that keep the whole user_metadata under its 4 KB cap. */
export const PROFILE_LIMITS = { name: 100, bio: 500, location: 100, website: 300, avatarUrl: 500 } as const;

export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  mismatch: "New passwords don't match.",
  tooShort: 'Password must be at least 8 characters.',
  wrongCurrent: 'Your current password is incorrect.',
  currentRequired: 'Please enter your current password.',
  samePassword: 'Your new password must be different from your current password.',
} as const;

export const WEBSITE_ERROR = 'Please enter a valid website address starting with http:// or https://.';
export const AVATAR_URL_ERROR = 'Please enter a valid picture address starting with http:// or https://.';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The profile held in `user_metadata`, each field falling back on the local copy (`user_data`). */
export function profileFromMetadata(metadata: unknown, local?: Record<string, unknown> | null): ProfileForm {
  const meta = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {};
  const pick = (key: string): string => text(meta[key]) || text(local?.[key]);
  return {
    name: pick('name'),
    bio: pick('bio'),
    location: pick('location'),
    website: pick('website'),
    avatarUrl: pick('avatar_url'),
  };
}

/** True for '' (the field is optional) or an absolute http(s) URL with a host. */
export function isValidWebUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  if (/\s/.test(trimmed)) return false;
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface ProfileErrors {
  website?: string;
  avatarUrl?: string;
}

export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!isValidWebUrl(form.website)) errors.website = WEBSITE_ERROR;
  if (!isValidWebUrl(form.avatarUrl)) errors.avatarUrl = AVATAR_URL_ERROR;
  return errors;
}

/** The `data` for PUT /auth/v1/user: trimmed values; an emptied field is removed (null). */
export function profileMetadataPatch(form: ProfileForm): Record<string, string | null> {
  const value = (field: string) => (field.trim() === '' ? null : field.trim());
  return {
    name: value(form.name),
    bio: value(form.bio),
    location: value(form.location),
    website: value(form.website),
    avatar_url: value(form.avatarUrl),
  };
}

/** The spec's client rules for a new password, in its order: match first, then length. */
export function newPasswordError(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return PASSWORD_MESSAGES.mismatch;
  if (newPassword.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  return null;
}

/** Whether the avatar can be shown: a data: image or an address on this origin (CSP img-src 'self' data:). */
export function isDisplayableAvatarUrl(url: string, origin: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '') return false;
  if (/^data:image\//i.test(trimmed)) return true;
  try {
    return new URL(trimmed, origin).origin === origin;
  } catch {
    return false;
  }
}
