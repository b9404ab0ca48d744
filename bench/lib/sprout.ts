// The Sprout server as `npm start` runs it: `node scripts/start.mjs` in a child process, on a temporary
// DATA_DIR (file-backed PGlite) or a PostgreSQL URL, with the default log level. Whatever start.mjs
// runs (TypeScript through tsx today, a compiled server later) is what gets measured.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NoteWritable } from '#core/note';
import { freePort, spawnUntilAnswer, stop } from './processes';

export const root = path.resolve(import.meta.dirname, '../..');

export interface SproutServer {
  url: string;
  child: ChildProcess;
  pid: number;
  /** Spawn to the first answered /api/health. */
  startMs: number;
  dataDir: string;
  stop: () => Promise<void>;
}

export interface SproutOptions {
  /** A DATA_DIR to reuse (a restart); a new temporary one when omitted. */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `sprout-bench-${prefix}-`));
}

export async function startSprout(options: SproutOptions = {}): Promise<SproutServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? tempDir('data');
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    LOG_LEVEL: '',
    // The bench signs up more users, and one user writes faster and more, than a person would: the
    // sign-up limit, the per-user write limit and the notes quota are raised so that the figures measure
    // the server, not its limiter (the limits have their own tests).
    RATE_LIMIT_SIGNUP: '100000',
    RATE_LIMIT_WRITE: '10000000',
    NOTES_QUOTA: '10000000',
    ...options.env,
  };
  const { child, startMs } = await spawnUntilAnswer(['scripts/start.mjs'], env, `${url}/api/health`, root);
  return { url, child, pid: child.pid!, startMs, dataDir, stop: () => stop(child) };
}

export interface BenchUser {
  url: string;
  anonKey: string;
  token: string;
  userId: string;
  session: unknown;
  headers: Record<string, string>;
  email: string;
  password: string;
}

/**
 * What a returning device holds in localStorage for `user`: the session supabase-js stored, and the anon
 * key the app kept from its first /api/config (client/src/lib/supabase.ts), so a start needs no config
 * round trip.
 */
export function returningDevice(user: BenchUser): Record<string, string> {
  return {
    [`sb-${new URL(user.url).hostname.split('.')[0]}-auth-token`]: JSON.stringify(user.session),
    'sprout.anonKey': user.anonKey,
  };
}

export async function signUp(url: string): Promise<BenchUser> {
  const { anonKey } = (await (await fetch(`${url}/api/config`)).json()) as { anonKey: string };
  const email = `bench-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return {
    url,
    anonKey,
    token: session.access_token,
    userId: session.user.id,
    session,
    headers: { apikey: anonKey, Authorization: `Bearer ${session.access_token}` },
    email,
    password,
  };
}

/** The same user signed in again: another session, as another device is. */
export async function signInAgain(user: BenchUser): Promise<BenchUser> {
  const response = await fetch(`${user.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: user.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access_token: string };
  return {
    ...user,
    token: session.access_token,
    session,
    headers: { apikey: user.anonKey, Authorization: `Bearer ${session.access_token}` },
  };
}

const EXPANDED =
  'Goal Summary\nAn expanded plan for the idea.\n\nAction Steps:\n1. First step\n2. Second step\n3. Third step';

/** A note as the client writes it, with realistic text lengths. */
export function benchNote(userId: string, n: number, at = Date.now() - n * 60_000) {
  const iso = new Date(at).toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    title: `Note ${n + 1}: an idea worth keeping`,
    content: `The original idea number ${n + 1}, written down quickly.\nA second line of detail.\nA third line.\nA fourth line that the card clamps.`,
    expanded_content: n % 3 === 0 ? EXPANDED : null,
    is_checklist: false,
    checklist_items: null,
    // A note in four carries tags (issue 33), so every figure that writes or reads notes carries them.
    tags: n % 4 === 0 ? ['ideas/later', 'work'] : null,
    chat_history: null,
    created_at: iso,
    updated_at: iso,
    deleted_at: null,
    last_mutation_id: randomUUID(),
  } satisfies Partial<NoteWritable>;
}

/** POSTs `rows` to /rest/v1/notes in one request (at most 1,000: the server's limit); resolves with the time taken. */
export async function postNotes(user: BenchUser, rows: unknown[]): Promise<number> {
  const began = performance.now();
  const response = await fetch(`${user.url}/rest/v1/notes`, {
    method: 'POST',
    headers: { ...user.headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    body: JSON.stringify(rows),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST /rest/v1/notes: ${response.status}`);
  return performance.now() - began;
}

/** Writes `count` notes for the user through the API, 1,000 a request. */
export async function seedNotes(user: BenchUser, count: number): Promise<void> {
  for (let done = 0; done < count; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - done) }, (_, i) => benchNote(user.userId, done + i));
    await postNotes(user, rows);
  }
}
