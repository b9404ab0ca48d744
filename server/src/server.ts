// Wires secrets, token signer and app together over an open database (used by main.ts and tests).
import type { FastifyInstance } from 'fastify';
import { RefreshTokens } from './auth/sessions';
import { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/database';
import { buildApp, type BuildAppOptions } from './http/app';
import type { AppContext } from './http/context';
import { loadEncryptionKey, loadJwtSecret } from './secrets';

export async function createServer(
  config: Config,
  database: Database,
  options: BuildAppOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const jwtSecret = loadJwtSecret(config);
  const signer = new TokenSigner(jwtSecret);
  const { key, keyId } = await loadEncryptionKey(config, database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    signer,
    // Refresh-token derivation uses its own key, separate from the JWT signing key.
    refreshTokens: new RefreshTokens(`refresh:${jwtSecret}`),
    anonKey: await signer.signAnonKey(),
    encryptionKey: key,
    encryptionKeyId: keyId,
  };
  const app = await buildApp(ctx, options);
  return { app, ctx };
}
