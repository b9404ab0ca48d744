// What the admin command asks of a database, as plain data: run here on the command's own connection, or
// sent to a running server over its admin socket (admin-socket.ts) when that server holds the embedded
// database. Both run `runAdminRequest` and `streamBackup` on an open handle.
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../config';
import { readSignupState, writeSignupOpen } from '../db/instance-settings';
import type { DB } from '../db/schema';
import { loadEncryptionKey, loadJwtSecret, loadSharedJwtSecret } from '../secrets';
import type { AppVersion } from '../startup/version';
import { writeBackup, type BackupSummary } from './backup-write';
import { createUser, deleteUser, listUsers, resetPassword } from './users';

const email = z.string().min(1).max(320);
const password = z.string().min(1).max(1024).nullable();

export const adminRequestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('users.list') }),
  z.object({ command: z.literal('users.create'), email, password }),
  z.object({ command: z.literal('users.reset-password'), email, password }),
  z.object({ command: z.literal('users.delete'), email }),
  z.object({ command: z.literal('signup.status') }),
  z.object({ command: z.literal('signup.set'), open: z.boolean() }),
]);

export type AdminRequest = z.infer<typeof adminRequestSchema>;

export const backupRequestSchema = z.object({ command: z.literal('backup'), includeEncryptionKey: z.boolean() });
export type BackupRequest = z.infer<typeof backupRequestSchema>;

/** An open database and what the commands need beside it. */
export interface AdminDeps {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  config: Config;
  version: AppVersion;
}

export async function runAdminRequest(deps: AdminDeps, request: AdminRequest): Promise<unknown> {
  switch (request.command) {
    case 'users.list':
      return listUsers(deps.db);
    case 'users.create':
      return createUser(deps.db, request.email, request.password);
    case 'users.reset-password':
      return resetPassword(deps.db, request.email, request.password);
    case 'users.delete':
      return deleteUser(deps.db, request.email);
    case 'signup.status':
      return readSignupState(deps.db, deps.config.disableSignup);
    case 'signup.set': {
      await writeSignupOpen(deps.db, request.open);
      return readSignupState(deps.db, deps.config.disableSignup);
    }
  }
}

/** Writes a whole backup, gzip-compressed, to `out` (a file or the admin socket's reply), and ends it. */
export async function streamBackup(deps: AdminDeps, request: BackupRequest, out: Writable): Promise<BackupSummary> {
  const jwtSecret =
    deps.kind === 'postgres' ? await loadSharedJwtSecret(deps.config, deps.db) : loadJwtSecret(deps.config);
  const encryption = await loadEncryptionKey(deps.config, deps.db);
  const gzip = createGzip();
  gzip.pipe(out);
  const failed = new Promise<never>((_resolve, reject) => {
    out.once('error', reject);
    out.once('close', () => reject(new Error('the backup was cut off: its destination closed')));
  });
  failed.catch(() => undefined);
  const write = (chunk: string) =>
    gzip.write(chunk)
      ? Promise.resolve()
      : Promise.race([new Promise<void>((resolve) => gzip.once('drain', resolve)), failed]);
  const summary = await writeBackup(
    {
      db: deps.db,
      kind: deps.kind,
      sprout: { version: deps.version.version, commit: deps.version.commit },
      jwtSecret,
      encryption,
    },
    { includeEncryptionKey: request.includeEncryptionKey },
    write,
  );
  const finished = new Promise<void>((resolve) => out.once('finish', resolve));
  gzip.end();
  await Promise.race([finished, failed]);
  return summary;
}
