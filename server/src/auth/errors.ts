// The auth surface's own errors, in GoTrue's shape (the kernel's GoTrueError, http/errors/gotrue-errors.ts).
import { GoTrueError } from '../http/errors/gotrue-errors';

export const authErrors = {
  invalidCredentials: () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials'),
  validation: (message: string, status = 400) => new GoTrueError(status, 'validation_failed', message),
  signupDisabled: () => new GoTrueError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  userExists: () => new GoTrueError(422, 'user_already_exists', 'User already registered'),
  weakPassword: (message: string, reasons: string[]) =>
    new GoTrueError(422, 'weak_password', message, { weak_password: { reasons } }),
  userNotFound: () => new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () =>
    new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  currentPasswordRequired: () =>
    new GoTrueError(400, 'current_password_required', 'Current password required when setting new password.'),
  currentPasswordMismatch: () => new GoTrueError(400, 'current_password_mismatch', 'Current password does not match.'),
  samePassword: () => new GoTrueError(422, 'same_password', 'New password should be different from the old password.'),
  // GoTrue's router answers 404 for a path it does not serve; the message says it is this server's
  // choice, not a typo (OTP, MFA, SSO...). A 4xx: nothing failed on the server.
  notSupported: (path: string) => new GoTrueError(404, 'not_found', `${path} is not supported by this server`),
  methodNotAllowed: (method: string) =>
    new GoTrueError(405, 'method_not_allowed', `Method ${method.slice(0, 10)} is not allowed on this path`),
  notFound: () => new GoTrueError(404, 'not_found', 'Not found'),
};
