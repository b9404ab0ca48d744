// Password hashing (argon2id, OWASP's minimum parameters); the strength rule is the auth surface's.
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (a const enum in the package's types, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 6; // GoTrue's default
export const PASSWORD_MAX_LENGTH = 1024; // bounds the hashing work per request

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so response times do not reveal which emails exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('sprout-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
