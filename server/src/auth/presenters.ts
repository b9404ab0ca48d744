// The wire shapes of GoTrue's user and session objects.
import { ACCESS_TOKEN_TTL_SECONDS } from '../identity/tokens';
import type { Session, UserRow } from './commands';

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

export function presentSession(session: Session): Record<string, unknown> {
  return {
    access_token: session.accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: session.expiresAt,
    refresh_token: session.refreshToken,
    user: presentUser(session.user),
  };
}

/**
 * GET /auth/v1/settings in GoTrue's shape: email and password only, accounts confirmed at once
 * (ARCHITECTURE 6.3), and whether sign-up is open.
 */
export function presentSettings(signupOpen: boolean): Record<string, unknown> {
  return {
    external: { email: true, phone: false },
    disable_signup: !signupOpen,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}
