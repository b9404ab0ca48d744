// The session's face: who is signed in, the auth state's rules, Sign out and the auth error texts.
// app/ provides the state and the action; screens read them with useAuth, useUserId and useSignOut.
export { authErrorMessage, describeWeakPasswordReasons, FALLBACK_ERROR_MESSAGE } from './auth-errors';
export {
  AuthStateProvider,
  SignOutActionProvider,
  useAuth,
  useSignOut,
  useUserId,
  type SignOutAction,
} from './auth-context';
export {
  initialAuthState,
  keepIfSame,
  LOADING_STATE,
  nextAuthState,
  sessionIsStored,
  signedIn,
  signedOut,
  signedOutByUserElsewhere,
  stateWhenAuthUnreachable,
  type AuthState,
  type AuthStatus,
  type SignedOutReason,
} from './auth-state';
export {
  performSignOut,
  SIGN_OUT_FAILED_TOAST,
  type AfterSignOutStep,
  type AuthSignOut,
  type BeforeSignOutStep,
  type SignOutContext,
  type SignOutOptions,
  type SignOutResult,
} from './sign-out';
