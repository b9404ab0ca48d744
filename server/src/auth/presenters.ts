// The wire shapes of GoTrue's user and session objects.
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

export type UserRow = Selectable<UsersTable>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentUser(user: UserRow): Record<string, unknown> {
  const confirmedAt = iso(user.email_confirmed_at);
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: confirmedAt,
    confirmed_at: confirmedAt,
    phone: '',
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { sub: user.id, email: user.email, email_verified: confirmedAt !== null },
        provider: 'email',
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
        last_sign_in_at: iso(user.last_sign_in_at),
        email: user.email,
      },
    ],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

export function presentSession(
  user: UserRow,
  tokens: { accessToken: string; expiresAt: number; refreshToken: string },
): Record<string, unknown> {
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: tokens.expiresAt,
    refresh_token: tokens.refreshToken,
    user: presentUser(user),
  };
}
