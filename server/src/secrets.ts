// Server secrets: the JWT signing secret (JWT_SECRET; else, on a PostgreSQL server, generated once into
// the database, so every server on it signs and verifies with the same secret; else generated once into
// DATA_DIR) and the key that encrypts users' provider keys (ENCRYPTION_KEY, else generated once into
// the database).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';

/**
 * Several servers on one PostgreSQL must share the secret (issue 14, item 9: each one generating its own
 * made tokens that the others refused). The first server to start stores it; the others read it. A
 * secret an earlier version generated into DATA_DIR is adopted, so existing sessions survive.
 */
export async function loadSharedJwtSecret(config: Config, db: Kysely<DB>): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const earlier = readJwtSecretFile(config);
  await db
    .insertInto('private.server_secrets')
    .values({ name: 'jwt_secret', value: earlier ?? randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('private.server_secrets')
    .select('value')
    .where('name', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

function readJwtSecretFile(config: Config): string | undefined {
  try {
    const existing = fs.readFileSync(path.join(config.dataDir, 'jwt-secret'), 'utf8').trim();
    return existing.length >= 32 ? existing : undefined;
  } catch {
    return undefined;
  }
}

export function loadJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function loadEncryptionKey(config: Config, db: Kysely<DB>): Promise<{ key: Buffer; keyId: string }> {
  const key = config.encryptionKey ? decodeKey(config.encryptionKey) : await generatedKey(db);
  return { key, keyId: encryptionKeyId(key) };
}

/** The id stored ciphertexts name the key that made them by, for a later rotation (and a restore's check). */
export function encryptionKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** ENCRYPTION_KEY's bytes: 64 hex characters or base64 (config.ts checked which). */
export function decodeKey(value: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

async function generatedKey(db: Kysely<DB>): Promise<Buffer> {
  const read = () =>
    db.selectFrom('private.server_secrets').select('value').where('name', '=', 'encryption_key').executeTakeFirst();
  // Read first: the key exists at every start but the first, and a restart's first statements on PGlite
  // are slow (its caches are cold); the insert, a no-op then, was one of them.
  const existing = await read();
  if (existing) return Buffer.from(existing.value, 'base64');
  await db
    .insertInto('private.server_secrets')
    .values({ name: 'encryption_key', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  // Another server on the same database may have stored its key first: that one is kept.
  const row = await read();
  if (!row) throw new Error('the generated encryption key was not stored');
  return Buffer.from(row.value, 'base64');
}
