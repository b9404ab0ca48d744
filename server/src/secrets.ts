// Server secrets: the JWT signing secret (JWT_SECRET; else, on a PostgreSQL server, generated once into
// the database, so every server on it signs and verifies with the same secret; else generated once into
// DATA_DIR), the key that encrypts users' provider keys (ENCRYPTION_KEY, else generated once into
// the database), and the push reminders' VAPID pair and action key (likewise).
import { createECDH, createHash, randomBytes } from 'node:crypto';
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

/** What reminders by Web Push need (issue 35): the VAPID key pair and the key that signs reminder actions. */
export interface PushSecrets {
  /** base64url, as the browser's pushManager.subscribe takes it: 65 bytes (P-256, uncompressed). */
  vapidPublicKey: string;
  /** base64url, 32 bytes. */
  vapidPrivateKey: string;
  /** HMAC key of the action tokens a reminder carries (reminders/action-token.ts). */
  actionKey: Buffer;
}

/**
 * The VAPID pair from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else generated once into the database (as one
 * row, so no server ever reads half of another's pair); the action key always from the database. Every
 * server on one database shares them, as a browser's subscription is bound to the public key: a new
 * pair would silence every subscription made before it.
 */
export async function loadPushSecrets(config: Config, db: Kysely<DB>): Promise<PushSecrets> {
  const { vapidPublicKey, vapidPrivateKey } = config.push;
  const pair =
    vapidPublicKey && vapidPrivateKey
      ? { publicKey: vapidPublicKey, privateKey: vapidPrivateKey }
      : (JSON.parse(await sharedSecret(db, 'vapid_keys', generateVapidPair)) as {
          publicKey: string;
          privateKey: string;
        });
  const actionKey = await sharedSecret(db, 'reminder_action_key', () => randomBytes(32).toString('base64'));
  return {
    vapidPublicKey: pair.publicKey,
    vapidPrivateKey: pair.privateKey,
    actionKey: Buffer.from(actionKey, 'base64'),
  };
}

function generateVapidPair(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A key with leading zero bytes comes back shorter: padded to the 32 bytes VAPID reads.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  });
}

/** The secret `name` of private.server_secrets, made by `generate` if no server has stored it yet. */
async function sharedSecret(db: Kysely<DB>, name: string, generate: () => string): Promise<string> {
  const read = () =>
    db.selectFrom('private.server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto('private.server_secrets')
    .values({ name, value: generate() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  // Another server on the same database may have stored its own first: that one is kept.
  const row = await read();
  if (!row) throw new Error(`the generated ${name} was not stored`);
  return row.value;
}
