// What every route module receives: the database, the token signer and the configuration.
import type { Kysely } from 'kysely';
import type { RefreshTokens } from '../auth/sessions';
import type { TokenSigner } from '../auth/tokens';
import type { Config } from '../config';
import type { DB } from '../db/schema';

export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  signer: TokenSigner;
  refreshTokens: RefreshTokens;
  anonKey: string;
  /** 32 bytes, for encrypting users' provider keys at rest. */
  encryptionKey: Buffer;
  encryptionKeyId: string;
}
