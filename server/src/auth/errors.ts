// GoTrue-shaped errors: `{ code, error_code, msg }` with GoTrue's statuses, so auth-js maps them to
// the same AuthApiError codes the hosted service would produce.
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, error_code: this.code, msg: this.message, ...this.extra };
  }
}

export const authErrors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  validation: (message: string, status = 400) => new AuthError(status, 'validation_failed', message),
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  userExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  currentPasswordRequired: () =>
    new AuthError(400, 'current_password_required', 'Current password required when setting new password.'),
  currentPasswordMismatch: () =>
    new AuthError(400, 'current_password_mismatch', 'Current password does not match.'),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  notImplemented: (path: string) =>
    new AuthError(501, 'not_implemented', `${path} is not supported by this server`),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
};
