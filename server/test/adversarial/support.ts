// Shared by the adversarial suite (npm run test:adversarial): a seeded random source, the checks for
// internals leaking out of a response or into the logs, and an HTTP call that times itself.
import { seededRandom } from '../../../test/kit/seeded-random';

export interface Random {
  next: () => number;
  int: (max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
}

export function random(seed: number): Random {
  const next = seededRandom(seed);
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

/** The run's seed: ADVERSARIAL_SEED to replay one, else a new one (printed by the caller). */
export function runSeed(): number {
  const given = process.env.ADVERSARIAL_SEED;
  return given !== undefined && given !== '' ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 31);
}

/** What must never appear in an answer: stack traces, SQL, a database error's params, password hashes. */
export const INTERNALS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'stack trace', pattern: /\n\s+at [^\n]+\(|\bat (async )?[\w$.<>]+ \((file|node):/ },
  {
    name: 'SQL',
    pattern: /\b(SELECT\s+[\w*",. ]+\s+FROM\s|INSERT INTO\s|UPDATE\s+"?\w+"?\s+SET\s|DELETE FROM\s|set_config\()/i,
  },
  { name: 'query params', pattern: /"(params|queryOptions)"\s*:/ },
  { name: 'password hash', pattern: /\$argon2(id|i|d)\$/ },
  { name: 'node internals', pattern: /node_modules\/|\/work\/|file:\/\/\// },
];

/** Secrets and personal data that must never reach the logs. */
export function logLeaks(logs: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  if (/\$argon2(id|i|d)\$/.test(logs)) found.push('password hash');
  if (/eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/.test(logs)) found.push('JWT');
  const email = /[\w.+-]+@[\w-]+\.[a-z]{2,}/i.exec(logs);
  if (email) found.push(`e-mail ${email[0]}`);
  for (const secret of secrets)
    if (secret.length >= 8 && logs.includes(secret)) found.push(`secret ${secret.slice(0, 4)}…`);
  if (/"(params|queryOptions)"\s*:/.test(logs)) found.push('query params');
  return found;
}

export interface Timed {
  status: number;
  text: string;
  ms: number;
  headers: Headers;
}

/** One request with a hard limit: a hang is reported, not waited out. */
export async function timedFetch(
  url: string,
  init: RequestInit,
  limitMs = 5000,
): Promise<Timed | { hang: true; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(limitMs), redirect: 'manual' });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started, headers: res.headers };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError')
      return { hang: true, ms: performance.now() - started };
    throw error;
  }
}
