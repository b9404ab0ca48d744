// The public config's face: the AI provider's display name for screens and for the connection test.
export {
  DEFAULT_PROVIDER_NAME,
  fetchProviderName,
  providerKeyPageUrl,
  publicConfigQuery,
  useProviderName,
} from './app-config';
// Which Sprout the server runs, for Settings.
export { parseServerVersion, serverVersionQuery, useServerVersion, type ServerVersion } from './server-version';
