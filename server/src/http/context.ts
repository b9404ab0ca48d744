// What every surface receives: the database, the token signer, the configuration and the secrets.
import type { AppVersion } from '../startup/version';
import type { Kysely } from 'kysely';
import type { RefreshTokens } from '../identity/refresh-tokens';
import type { SessionCache } from '../identity/session-cache';
import type { TokenSigner } from '../identity/tokens';
import type { Config } from '../config';
import type { UserScope } from '../db/as-user';
import type { DB } from '../db/schema';

export interface AppContext {
  config: Config;
  /** The database as the server's own account: its upkeep, sign-in and sessions. */
  db: Kysely<DB>;
  /** A user's request's statements, as that user under row-level security (db/as-user.ts). */
  asUser: UserScope;
  signer: TokenSigner;
  refreshTokens: RefreshTokens;
  /** Recently seen live sessions; call `revoked()` after any change that ends sessions. */
  sessions: SessionCache;
  anonKey: string;
  /** 32 bytes, for encrypting users' provider keys at rest. */
  encryptionKey: Buffer;
  encryptionKeyId: string;
  /** Which Sprout this is (/api/health, the banner, Settings). */
  version: AppVersion;
}
