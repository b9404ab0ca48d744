// The operator's tool (server/src/ops/admin-cli.ts) through its entry function, on real databases: a
// DATA_DIR on PGlite, and (in the server-postgres project) databases on the PostgreSQL server. Users made,
// reset and deleted by it sign in (or not) through supabase-js against a real server on the same data;
// sign-up closed answers GoTrue's 422; a backup restored into a fresh PGlite and a fresh PostgreSQL holds
// the same rows, users sign in with their old passwords and their sessions go on; a backup taken under
// write load is one snapshot; a damaged or truncated file is refused and restores nothing.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import type { DB } from '../src/db/schema';
import { decryptApiKey } from '../src/ai/key-store';
import { runAdmin } from '../src/ops/admin-cli';
import { listenAdminSocket } from '../src/ops/admin-socket';
import { backedUpTables } from '../src/ops/catalog';
import { seedWithMigratedImage } from './process-support';

const onPostgres = process.env.SPROUT_TEST_DATABASE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-admin-'));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  fs.rmSync(scratch, { recursive: true, force: true });
});

let dirs = 0;
const newDataDir = () => path.join(scratch, `data-${++dirs}`);

/** A new, empty database on the PostgreSQL server, dropped after the file. */
async function newPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `sprout_admin_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

type Place = { DATA_DIR: string } | { DATABASE_URL: string };

function envOf(place: Place, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { DATA_DIR: path.join(scratch, 'unused'), ...place, LOG_LEVEL: 'silent', ...extra };
}

/** Runs `npm run admin -- ...args` in process: its exit code and what it printed. */
async function admin(place: Place, args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, envOf(place, options.env), {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    stdin: async () => options.stdin ?? '',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

interface Served {
  url: string;
  encryptionKey: Buffer;
  anonKey: string;
  database: Database;
  client(): SupabaseClient;
  stop(): Promise<void>;
}

/** A real server on the data at `place`, as `npm start` would run it there (without the process around it). */
async function serve(place: Place, extra: Record<string, string> = {}): Promise<Served> {
  const config = loadConfig({
    ...envOf(place, extra),
    STATIC_DIR: path.join(scratch, 'no-client'),
    RATE_LIMIT_WRITE: '100000',
  });
  const database = await openDatabase(
    'DATABASE_URL' in place
      ? { kind: 'postgres', url: place.DATABASE_URL }
      : { kind: 'pglite', dataDir: place.DATA_DIR },
  );
  const { app, ctx } = await createServer(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As main.ts does on the embedded database: the admin command reaches it through this socket.
  const socket =
    database.kind === 'pglite'
      ? await listenAdminSocket(
          config.dataDir,
          { db: database.db, kind: 'pglite', config, version: ctx.version },
          app.log,
        )
      : undefined;
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await socket?.close();
    await app.close();
    await database.close();
  };
  cleanups.push(stop);
  return {
    url,
    encryptionKey: ctx.encryptionKey,
    anonKey: ctx.anonKey,
    database,
    client: () =>
      createClient(url, ctx.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    stop,
  };
}

/**
 * An embedded instance that has run once: its DATA_DIR holds a migrated database, unpacked from the tests'
 * image rather than made by initdb (seconds of CPU; the restores below still make theirs).
 */
async function newPGliteInstance(): Promise<{ DATA_DIR: string }> {
  const place = { DATA_DIR: newDataDir() };
  await seedWithMigratedImage(place.DATA_DIR);
  return place;
}

const PASSWORD = 'an old and trusted password';

/** Users with notes, edits kept as versions, a note in the Trash, a provider key and a signed-in session. */
async function seed(server: Served) {
  const users = [];
  for (const name of ['ada', 'grace']) {
    const client = server.client();
    const email = `${name}-${randomBytes(3).toString('hex')}@example.com`;
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
    if (error || !data.session) throw error ?? new Error('no session');
    const token = data.session.access_token;
    for (let i = 0; i < 3; i++) {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      const insert = await client.from('notes').insert({
        id,
        user_id: data.user?.id,
        title: `${name} ${i}`,
        content: 'first',
        created_at: now,
        updated_at: now,
      });
      expect(insert.error).toBeNull();
      // Each content change keeps the earlier content as a version (at most one per session and 10 minutes).
      const edit = await client
        .from('notes')
        .update({ content: `second ${i}`, updated_at: new Date().toISOString() })
        .eq('id', id);
      expect(edit.error).toBeNull();
    }
    const first = await client.from('notes').select('id').limit(1).single();
    const trashed = await client
      .from('notes')
      .update({ trashed_at: new Date().toISOString() })
      .eq('id', (first.data as unknown as { id: string }).id);
    expect(trashed.error).toBeNull();
    const apiKey = `sk-or-v1-${randomBytes(16).toString('hex')}`;
    const key = await fetch(`${server.url}/api/ai/key`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiKey }),
    });
    expect(key.status).toBeLessThan(300);
    users.push({ id: data.user?.id ?? '', email, apiKey, refreshToken: data.session.refresh_token });
  }
  return users;
}

/** Every backed-up table's rows, as JSON text in key order, and the sequences: what a restore must give back. */
async function contents(db: Kysely<DB>) {
  const tables: Record<string, string[]> = {};
  for (const table of await backedUpTables(db)) {
    const rows = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(table.name)} t`.execute(
      db,
    );
    tables[table.name] = rows.rows.map((row) => row.row).sort();
  }
  const sequences = await sql<{ name: string; last_value: number | null }>`
    SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`.execute(db);
  return { tables, sequences: sequences.rows };
}

/** The user's provider key as the server reads it back: decrypted with the server's own key. */
async function storedProviderKey(server: Served, userId: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('private.user_ai_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return decryptApiKey({ ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag }, server.encryptionKey, userId);
}

async function signsIn(server: Served, email: string, password: string) {
  const { error } = await server.client().auth.signInWithPassword({ email, password });
  return error === null;
}

describe.skipIf(onPostgres)('npm run admin on the embedded database', () => {
  // One instance through the file: each first start of a DATA_DIR costs seconds.
  let place: { DATA_DIR: string };
  let users: Awaited<ReturnType<typeof seed>>;
  let backup: string;

  it('explains what it needs instead of failing', async () => {
    const nowhere = { DATA_DIR: newDataDir() };
    expect((await admin(nowhere, ['users', 'list'])).err).toMatch(/^There is no Sprout database in /);
    expect((await admin(nowhere, ['users', 'frobnicate'])).code).toBe(2);
    expect((await admin(nowhere, [])).out).toMatch(/^Usage: npm run admin -- <command>/);
    expect((await admin(nowhere, ['users', 'create', 'not-an-email', '--password', 'whatever1'])).err).toBe(
      'not-an-email is not an email address.',
    );
    expect((await admin(nowhere, ['users', 'create', 'a@example.com', '--password', 'short'])).err).toBe(
      'The password must be at least 6 characters.',
    );
  });

  it('creates users while the server is stopped, and runs every command through the running server', async () => {
    place = await newPGliteInstance();
    const created = await admin(place, ['users', 'create', 'Ops@Example.com', '--password-stdin'], {
      stdin: 'first password\n',
    });
    expect(created).toMatchObject({ code: 0, out: 'Created ops@example.com.' });
    const made = await admin(place, ['users', 'create', 'second@example.com']);
    expect(made.code).toBe(0);
    const generated = /Password: (\S+)/.exec(made.out)?.[1] ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(20);

    // From here the server holds DATA_DIR: the command goes through its admin socket.
    const server = await serve(place);
    expect((await admin(place, ['users', 'create', 'ops@example.com', '--password', 'whatever1'])).err).toBe(
      'A user with the email ops@example.com already exists.',
    );
    expect(await signsIn(server, 'ops@example.com', 'first password')).toBe(true);
    expect(await signsIn(server, 'second@example.com', generated)).toBe(true);
    const session = await server
      .client()
      .auth.signInWithPassword({ email: 'ops@example.com', password: 'first password' });

    expect((await admin(place, ['signup', 'close'])).out).toBe('Sign-up is closed.');
    const refused = await server.client().auth.signUp({ email: 'newcomer@example.com', password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 422, code: 'signup_disabled' });
    expect(await (await fetch(`${server.url}/auth/v1/settings`)).json()).toMatchObject({
      disable_signup: true,
      external: { email: true },
    });

    const listed = await admin(place, ['users', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^EMAIL +NOTES +SESSIONS +CREATED +LAST SIGN-IN$/m);
    expect(listed.out).toMatch(/^ops@example\.com +0 +2 +\d{4}-\d\d-\d\d +\d{4}-\d\d-\d\d \d\d:\d\d$/m);
    expect(listed.out).toMatch(/2 users$/);
    const json = JSON.parse((await admin(place, ['users', 'list', '--json'])).out) as { email: string }[];
    expect(json.map((user) => user.email)).toEqual(['ops@example.com', 'second@example.com']);

    const reset = await admin(place, ['users', 'reset-password', 'OPS@example.com', '--password', 'second password']);
    expect(reset.out).toBe('Set a new password for ops@example.com and ended their 2 sessions.');
    expect(await signsIn(server, 'ops@example.com', 'first password')).toBe(false);
    expect(await signsIn(server, 'ops@example.com', 'second password')).toBe(true);
    // The session from before the reset is over at once: its access token and refresh token are refused.
    const read = await fetch(`${server.url}/rest/v1/notes?select=id`, {
      headers: { Authorization: `Bearer ${session.data.session?.access_token}`, apikey: server.anonKey },
    });
    expect(read.status).toBe(401);
    const refreshed = await server
      .client()
      .auth.refreshSession({ refresh_token: session.data.session?.refresh_token ?? '' });
    expect(refreshed.error).not.toBeNull();

    expect((await admin(place, ['users', 'delete', 'second@example.com'])).code).toBe(2);
    expect((await admin(place, ['users', 'delete', 'second@example.com', '--yes'])).out).toBe(
      'Deleted second@example.com and their 0 notes.',
    );
    expect(await signsIn(server, 'second@example.com', generated)).toBe(false);
    expect((await admin(place, ['users', 'delete', 'nobody@example.com', '--yes'])).err).toBe(
      'No user has the email nobody@example.com.',
    );
    expect((await admin(place, ['signup', 'open'])).out).toBe('Sign-up is open.');
    expect((await server.client().auth.signUp({ email: 'newcomer@example.com', password: PASSWORD })).error).toBeNull();

    // DISABLE_SIGNUP decides over the stored setting while it is set, and the command says so.
    const overridden = await admin(place, ['signup', 'status'], { env: { DISABLE_SIGNUP: 'true' } });
    expect(overridden.out).toBe('Sign-up is open.');
    users = await seed(server);
    await server.stop();
    const closedByEnv = await serve(place, { DISABLE_SIGNUP: 'true' });
    const byEnv = await closedByEnv.client().auth.signUp({ email: 'x@example.com', password: PASSWORD });
    expect(byEnv.error).toMatchObject({ status: 422, code: 'signup_disabled' });
    const said = await admin(place, ['signup', 'open'], { env: { DISABLE_SIGNUP: 'true' } });
    expect(said.out).toMatch(/^Sign-up is closed\.\nDISABLE_SIGNUP=true is set/);
    await closedByEnv.stop();
  });

  it('moves an instance to a new DATA_DIR with every row, password and session', async () => {
    const sourceDb = await openDatabase({ kind: 'pglite', dataDir: place.DATA_DIR });
    const before = await contents(sourceDb.db);
    await sourceDb.close();
    const file = path.join(scratch, 'moving.sprout-backup.gz');
    const taken = await admin(place, ['backup', file]);
    expect(taken.code).toBe(0);
    expect(taken.out).toMatch(/4 users, 4 sessions, 6 notes \(tombstones included\), \d+ versions, 2 provider keys\./);
    expect(taken.out).toMatch(/It does not hold the encryption key/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The provider keys' encryption key stayed behind: the restore refuses rather than lose them quietly.
    const target = { DATA_DIR: newDataDir() };
    const refused = await admin(target, ['restore', file]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^This backup holds 2 users' provider keys but not the key that encrypted them/);
    expect(fs.existsSync(path.join(target.DATA_DIR, 'pglite', 'PG_VERSION'))).toBe(false);

    backup = path.join(scratch, 'with-key.sprout-backup.gz');
    expect((await admin(place, ['backup', backup, '--include-encryption-key'])).out).toMatch(
      /It holds the encryption key/,
    );
    const restored = await admin(target, ['restore', backup]);
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(restored.out).toMatch(/^Restored 4 users, 6 notes and \d+ versions into /);
    const moved = await serve(target);
    expect(await contents(moved.database.db)).toEqual(before);
    for (const user of users) {
      expect(await signsIn(moved, user.email, PASSWORD)).toBe(true);
      const refreshed = await moved.client().auth.refreshSession({ refresh_token: user.refreshToken });
      expect(refreshed.error).toBeNull();
      expect(await storedProviderKey(moved, user.id)).toBe(user.apiKey);
    }
    // A restore never writes over a database, running or not.
    expect((await admin(target, ['restore', backup])).err).toMatch(/already holds a Sprout database/);
    await moved.stop();
  });

  it('refuses a damaged, truncated or foreign file, and restores nothing', async () => {
    expect((await admin(place, ['verify', backup])).code).toBe(0);
    const bytes = fs.readFileSync(backup);
    const text = gunzipSync(bytes).toString('utf8');
    const cases: [string, Buffer, RegExp][] = [
      ['truncated.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6)), /is truncated/],
      ['no-end.gz', gzipSync(text.slice(0, text.lastIndexOf('{"end"'))), /is truncated: its last line/],
      ['edited.gz', gzipSync(text.replace('ops@example.com', 'evil@example.com')), /is corrupt: its checksum/],
      ['not-gzip.gz', Buffer.from('hello'), /is not a Sprout backup, or it is damaged/],
      ['other.gz', gzipSync('{"format":"something-else"}\n'), /is not a Sprout backup\./],
      [
        'newer.gz',
        gzipSync(text.replace('"formatVersion":1', '"formatVersion":9')),
        /was made by a newer Sprout \(backup format 9; this one reads up to 1\)/,
      ],
    ];
    for (const [name, damagedBytes, message] of cases) {
      const damaged = path.join(scratch, name);
      fs.writeFileSync(damaged, damagedBytes);
      expect((await admin(place, ['verify', damaged])).err, name).toMatch(message);
      const target = { DATA_DIR: newDataDir() };
      const restore = await admin(target, ['restore', damaged]);
      expect(restore.code, name).toBe(1);
      expect(restore.err, name).toMatch(message);
      expect(fs.existsSync(path.join(target.DATA_DIR, 'pglite')), name).toBe(false);
    }
    expect((await admin(place, ['verify', path.join(scratch, 'missing.gz')])).err).toMatch(/no such file/);
  });
});

describe.skipIf(!onPostgres)('moving between the embedded database and PostgreSQL', () => {
  it('moves an embedded instance to PostgreSQL and back, rows, passwords and sessions intact', async () => {
    const source = await newPGliteInstance();
    const server = await serve(source);
    const users = await seed(server);
    await server.stop();
    const sourceDb = await openDatabase({ kind: 'pglite', dataDir: source.DATA_DIR });
    const before = await contents(sourceDb.db);
    await sourceDb.close();
    const key = randomBytes(32).toString('hex');
    const file = path.join(scratch, 'to-postgres.gz');
    expect((await admin(source, ['backup', file, '--include-encryption-key'])).code).toBe(0);

    const postgres = { DATABASE_URL: await newPostgresDatabase() };
    const restored = await admin(postgres, ['restore', file]);
    expect(restored).toMatchObject({ code: 0, err: '' });
    const onServer = await serve(postgres);
    expect(await contents(onServer.database.db)).toEqual(before);
    for (const user of users) {
      expect(await signsIn(onServer, user.email, PASSWORD)).toBe(true);
      expect((await onServer.client().auth.refreshSession({ refresh_token: user.refreshToken })).error).toBeNull();
    }
    // The provider keys read back under the key that moved with the backup.
    for (const user of users) expect(await storedProviderKey(onServer, user.id)).toBe(user.apiKey);

    // Back again, the key kept out of the file this time: another ENCRYPTION_KEY is refused, and
    // --drop-ai-keys restores everything else.
    // Signing in and refreshing above changed sessions and tokens: the way back is compared with now.
    const middle = await contents(onServer.database.db);
    const back = path.join(scratch, 'from-postgres.gz');
    expect((await admin(postgres, ['backup', back])).code).toBe(0);
    const wrongKey = await admin({ DATA_DIR: newDataDir() }, ['restore', back], { env: { ENCRYPTION_KEY: key } });
    expect(wrongKey.err).toMatch(/^ENCRYPTION_KEY here is not the key that encrypted the 2 users' provider keys/);
    const home = { DATA_DIR: newDataDir() };
    const dropped = await admin(home, ['restore', back, '--drop-ai-keys']);
    expect(dropped.code).toBe(0);
    expect(dropped.err).toMatch(/Left out 2 users' provider keys/);
    await onServer.stop();
    const homeServer = await serve(home);
    const after = await contents(homeServer.database.db);
    expect(after.tables['private.user_ai_keys']).toEqual([]);
    expect({ ...after.tables, 'private.user_ai_keys': [] }).toEqual({ ...middle.tables, 'private.user_ai_keys': [] });
    expect(after.sequences).toEqual(middle.sequences);
    for (const user of users) expect(await signsIn(homeServer, user.email, PASSWORD)).toBe(true);
    await homeServer.stop();
  });

  it('runs the user commands on PostgreSQL while a server runs, which ends the sessions at once', async () => {
    const place = { DATABASE_URL: await newPostgresDatabase() };
    const server = await serve(place);
    expect((await admin(place, ['users', 'create', 'pg@example.com', '--password', 'password one'])).code).toBe(0);
    const signedIn = await server
      .client()
      .auth.signInWithPassword({ email: 'pg@example.com', password: 'password one' });
    const token = signedIn.data.session?.access_token ?? '';
    const read = () =>
      fetch(`${server.url}/rest/v1/notes?select=id`, {
        headers: { Authorization: `Bearer ${token}`, apikey: server.anonKey },
      });
    expect((await read()).status).toBe(200);
    expect((await admin(place, ['users', 'reset-password', 'pg@example.com', '--password', 'password two'])).out).toBe(
      'Set a new password for pg@example.com and ended their 1 sessions.',
    );
    // The running server heard the sessions end (the change feed): the old access token no longer reads.
    await expect.poll(async () => (await read()).status, { timeout: 10_000 }).toBe(401);
    expect(await signsIn(server, 'pg@example.com', 'password two')).toBe(true);
    expect((await admin(place, ['signup', 'close'])).code).toBe(0);
    const refused = await server.client().auth.signUp({ email: 'late@example.com', password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 422, code: 'signup_disabled' });
    await server.stop();
  });

  it('takes one snapshot while writes go on: no write is in the backup by half', async () => {
    const place = { DATABASE_URL: await newPostgresDatabase() };
    const server = await serve(place);
    const users = await seed(server);
    const writer = server.client();
    await writer.auth.signInWithPassword({ email: users[0]?.email ?? '', password: PASSWORD });
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        // Each insert moves notes and note_counts together (migration 007's trigger), in one transaction.
        const now = new Date().toISOString();
        const rows = Array.from({ length: 5 }, (_, i) => ({
          id: crypto.randomUUID(),
          title: `load ${written} ${i}`,
          created_at: now,
          updated_at: now,
        }));
        const result = await writer.from('notes').insert(rows);
        if (result.error) throw new Error(result.error.message);
        written += 1;
      }
    })();
    await expect.poll(() => written, { timeout: 10_000 }).toBeGreaterThan(3);
    const files = [];
    for (let i = 0; i < 3; i++) {
      const file = path.join(scratch, `under-load-${i}.gz`);
      expect((await admin(place, ['backup', file])).code).toBe(0);
      files.push(file);
    }
    writing = false;
    await load;
    expect(written).toBeGreaterThan(5);
    for (const file of files) {
      const lines = gunzipSync(fs.readFileSync(file))
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { t?: string; r?: Record<string, unknown> });
      const notesPerUser = new Map<string, number>();
      for (const line of lines)
        if (line.t === 'public.notes')
          notesPerUser.set(String(line.r?.user_id), (notesPerUser.get(String(line.r?.user_id)) ?? 0) + 1);
      const counts = lines.filter((line) => line.t === 'private.note_counts');
      expect(counts.length).toBe(2);
      for (const count of counts) expect(count.r?.n).toBe(notesPerUser.get(String(count.r?.user_id)));
      const loadTitles = lines.filter((line) => line.t === 'public.notes' && String(line.r?.title).startsWith('load '));
      // Whole inserts only: each one's five rows are in, or none is.
      const perInsert = new Map<string, number>();
      for (const line of loadTitles) {
        const insert = String(line.r?.title).split(' ')[1] ?? '';
        perInsert.set(insert, (perInsert.get(insert) ?? 0) + 1);
      }
      for (const n of perInsert.values()) expect(n).toBe(5);
    }
    await server.stop();
  });
});
