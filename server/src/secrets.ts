// Server secrets: the JWT signing secret (JWT_SECRET, else generated once into DATA_DIR) and the key
// that encrypts users' provider keys (ENCRYPTION_KEY, else generated once into the database).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';

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
  // The id lets stored ciphertexts name the key that made them, for a later rotation.
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return { key, keyId };
}

function decodeKey(value: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

async function generatedKey(db: Kysely<DB>): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name: 'encryption_key', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'encryption_key')
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
