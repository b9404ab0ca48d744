// `npm run admin -- <command>`: the operator's tool (README, "Operating Sprout"). It runs against the database
// Sprout runs with (the same DATA_DIR or DATABASE_URL as the server): on PostgreSQL through a connection
// of its own, server running or not; on the embedded database through the running server's admin socket,
// or by opening DATA_DIR itself while the server is stopped.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { readAppVersion } from '../startup/version';
import { BackupError, readBackup, type CheckedBackup } from './backup-format';
import { restoreBackup, type RestoreTarget } from './backup-restore';
import { runAdminRequest, streamBackup, type AdminDeps, type AdminRequest, type BackupRequest } from './admin-requests';
import { adminSocketAnswers, backupThroughSocket, callAdminSocket } from './admin-socket';
import { AdminError, checkPassword, normalEmail, type PasswordResult, type UserSummary } from './users';
import type { SignupState } from '../db/instance-settings';

export const USAGE = `Usage: npm run admin -- <command>

Users
  users list [--json]                        Every account, with its notes and sessions
  users create <email> [--password <p>]      A new account (a password is made up and printed if none is given)
  users reset-password <email> [--password <p>]
                                             A new password (given, or made up and printed); ends the user's sessions
  users delete <email> --yes                 The account and everything it owns
  (--password-stdin reads the password from standard input instead of the command line)

Sign-up
  signup status | open | close               Whether new accounts may be created (DISABLE_SIGNUP overrides it)

Backups
  backup <file> [--include-encryption-key]   A consistent backup of the running or stopped instance
  verify <file>                              Checks a backup and says what it holds
  restore <file> [--drop-ai-keys]            Into an empty DATA_DIR, or an empty database at DATABASE_URL

It uses the same DATA_DIR or DATABASE_URL as the server (see README, "Operating Sprout").`;

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
  /** Standard input, for --password-stdin. */
  stdin(): Promise<string>;
}

/** Runs one command; resolves to the process's exit code (0 done, 1 failed, 2 not understood). */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv, io: AdminIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        json: { type: 'boolean' },
        yes: { type: 'boolean' },
        'include-encryption-key': { type: 'boolean' },
        'drop-ai-keys': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [group, action, argument] = positionals;
  if (values.help || group === undefined || group === 'help') {
    io.out(USAGE);
    return group === undefined && !values.help ? 2 : 0;
  }
  try {
    const config = loadConfig(env);
    const password = async () =>
      values['password-stdin'] ? (await io.stdin()).replace(/\r?\n$/, '') : (values.password ?? null);
    switch (group) {
      case 'users':
        return await usersCommand(config, io, action, argument, { password, json: values.json, yes: values.yes });
      case 'signup':
        return await signupCommand(config, io, action);
      case 'backup':
        if (!action) return usage(io, 'backup needs the file to write.');
        return await backupCommand(config, io, action, {
          command: 'backup',
          includeEncryptionKey: values['include-encryption-key'] === true,
        });
      case 'verify':
        if (!action) return usage(io, 'verify needs the backup file.');
        describeBackup(io, await readBackup(action));
        return 0;
      case 'restore':
        if (!action) return usage(io, 'restore needs the backup file.');
        return await restoreCommand(config, io, action, values['drop-ai-keys'] === true);
      default:
        return usage(io, `Unknown command: ${group}`);
    }
  } catch (error) {
    if (
      error instanceof AdminError ||
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      io.err(error.message);
      return 1;
    }
    io.err(`The command failed: ${(error as Error).message}`);
    return 1;
  }
}

function usage(io: AdminIo, problem: string): number {
  io.err(`${problem}\n\n${USAGE}`);
  return 2;
}

async function usersCommand(
  config: Config,
  io: AdminIo,
  action: string | undefined,
  email: string | undefined,
  options: { password: () => Promise<string | null>; json?: boolean; yes?: boolean },
): Promise<number> {
  if (action === 'list') {
    const users = (await ask(config, { command: 'users.list' })) as UserSummary[];
    if (options.json) io.out(JSON.stringify(users, null, 2));
    else printUsers(io, users);
    return 0;
  }
  if (action !== 'create' && action !== 'reset-password' && action !== 'delete')
    return usage(io, `users ${action ?? ''}: say list, create, reset-password or delete.`);
  if (!email) return usage(io, `users ${action} needs the user's email.`);
  // Checked here too, before any database is opened: a typo costs nothing.
  normalEmail(email);
  if (action === 'delete') {
    if (!options.yes) return usage(io, `users delete removes ${email} and every note they have: add --yes to do it.`);
    const deleted = (await ask(config, { command: 'users.delete', email })) as { email: string; notes: number };
    io.out(`Deleted ${deleted.email} and their ${deleted.notes} notes.`);
    return 0;
  }
  const password = await options.password();
  if (password !== null) checkPassword(password);
  if (action === 'create') {
    const created = (await ask(config, { command: 'users.create', email, password })) as PasswordResult;
    io.out(`Created ${created.email}.`);
    printPassword(io, created);
    return 0;
  }
  const reset = (await ask(config, { command: 'users.reset-password', email, password })) as PasswordResult & {
    endedSessions: number;
  };
  io.out(`Set a new password for ${reset.email} and ended their ${reset.endedSessions} sessions.`);
  printPassword(io, reset);
  return 0;
}

function printPassword(io: AdminIo, result: PasswordResult): void {
  if (result.generatedPassword)
    io.out(`Password: ${result.generatedPassword}\n(shown once: hand it to the user, who can change it in Settings)`);
}

function printUsers(io: AdminIo, users: UserSummary[]): void {
  if (users.length === 0) {
    io.out('No users yet.');
    return;
  }
  const rows = users.map((user) => [
    user.email,
    String(user.notes),
    String(user.sessions),
    user.createdAt.slice(0, 10),
    user.lastSignInAt?.slice(0, 16).replace('T', ' ') ?? 'never',
  ]);
  const heading = ['EMAIL', 'NOTES', 'SESSIONS', 'CREATED', 'LAST SIGN-IN'];
  const widths = heading.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of [heading, ...rows])
    io.out(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  io.out(`${users.length} ${users.length === 1 ? 'user' : 'users'}`);
}

async function signupCommand(config: Config, io: AdminIo, action: string | undefined): Promise<number> {
  if (action !== 'status' && action !== 'open' && action !== 'close')
    return usage(io, 'signup: say status, open or close.');
  const state = (await ask(
    config,
    action === 'status' ? { command: 'signup.status' } : { command: 'signup.set', open: action === 'open' },
  )) as SignupState;
  io.out(`Sign-up is ${state.open ? 'open' : 'closed'}.`);
  if (state.source === 'env' && action !== 'status')
    io.out(
      `DISABLE_SIGNUP=${config.disableSignup} is set, and it decides while it is: the stored setting is kept for when it is not.`,
    );
  else if (state.source === 'env') io.out('(DISABLE_SIGNUP decides it.)');
  return 0;
}

async function backupCommand(config: Config, io: AdminIo, file: string, request: BackupRequest): Promise<number> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new AdminError(`${file} exists already: give a new file name.`);
  // Written beside the target and renamed once checked: a cut-off backup never takes the name.
  const partial = `${target}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  try {
    await withDatabase(config, {
      direct: async (deps) => void (await streamBackup(deps, request, out)),
      socket: () => backupThroughSocket(config.dataDir, request, out),
    });
    const checked = await readBackup(partial);
    fs.renameSync(partial, target);
    io.out(`Backed up to ${file}.`);
    describeBackup(io, checked);
    return 0;
  } finally {
    out.destroy();
    fs.rmSync(partial, { force: true });
  }
}

function describeBackup(io: AdminIo, checked: CheckedBackup): void {
  const { header, rows } = checked;
  // A table's rows under either schema: a backup made before migration 016 has every table in public.
  const count = (table: string) => rows[`public.${table}`] ?? rows[`private.${table}`] ?? 0;
  io.out(
    `Sprout ${header.sprout.version}${header.sprout.commit ? ` (${header.sprout.commit})` : ''} backup of ${header.createdAt}, from ${header.source === 'pglite' ? 'the embedded database' : 'PostgreSQL'}: ${(checked.bytes / 1024).toFixed(0)} KiB, intact.`,
  );
  io.out(
    `${count('users')} users, ${count('sessions')} sessions, ${count('notes')} notes (tombstones included), ${count('note_versions')} versions, ${count('user_ai_keys')} provider keys.`,
  );
  io.out(
    header.secrets.encryptionKey
      ? 'It holds the encryption key: whoever has this file can read the provider keys in it. Keep it private.'
      : `It does not hold the encryption key (id ${header.secrets.encryptionKeyId}): restoring provider keys needs ENCRYPTION_KEY set to it.`,
  );
}

async function restoreCommand(config: Config, io: AdminIo, file: string, dropAiKeys: boolean): Promise<number> {
  const target: RestoreTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
  const summary = await restoreBackup(file, target, { dropAiKeys, config });
  for (const warning of summary.warnings) io.err(`Warning: ${warning}`);
  const count = (table: string) => summary.rows[`public.${table}`] ?? 0;
  io.out(
    `Restored ${count('users')} users, ${count('notes')} notes and ${count('note_versions')} versions into ${target.kind === 'pglite' ? target.dataDir : 'the database at DATABASE_URL'}.`,
  );
  if (summary.upgraded.length > 0) io.out(`Then applied ${summary.upgraded.length} newer migrations.`);
  io.out('Start Sprout on it: users sign in with their passwords as before.');
  return 0;
}

async function ask(config: Config, request: AdminRequest): Promise<unknown> {
  return withDatabase(config, {
    direct: (deps) => runAdminRequest(deps, request),
    socket: () => callAdminSocket(config.dataDir, request),
  });
}

/** Runs `direct` on a connection of the command's own, or `socket` when a server holds the embedded database. */
async function withDatabase<T>(
  config: Config,
  ways: { direct: (deps: AdminDeps) => Promise<T>; socket: () => Promise<T> },
): Promise<T> {
  if (!config.databaseUrl && (await adminSocketAnswers(config.dataDir))) return ways.socket();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
    throw new AdminError(
      `There is no Sprout database in ${config.dataDir}. Run this with the DATA_DIR (or DATABASE_URL) Sprout runs with.`,
    );
  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new AdminError(
        `Sprout is running on ${config.dataDir} but does not answer on its admin socket: stop it, or wait until it has started, and try again.`,
      );
    throw error;
  }
  try {
    return await ways.direct({ db: database.db, kind: database.kind, config, version: readAppVersion() });
  } finally {
    await database.close();
  }
}
