// The auth feature's face for other features: the state a page hands to /login so that the user comes
// back after signing in, and the state /login hands to the page it lands on. Its screens (login, the
// route guard) are wired by app/routes.tsx.
export { signedInHere, type LoginRedirectState } from './require-auth';
