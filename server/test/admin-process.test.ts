// `npm run admin` as an operator runs it (scripts/admin.mjs, the compiled bundle), beside `npm start` on
// the same DATA_DIR: the running server owns the embedded database, and the command reaches it through
// the server's admin socket; once the server is stopped, the command opens DATA_DIR itself.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedWithMigratedImage, startServerProcess } from './process-support';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-admin-process-'));
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run admin -- ...args` with the server's DATA_DIR. */
function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['scripts/admin.mjs', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}

describe.skipIf(process.env.SPROUT_TEST_DATABASE === 'postgres')(
  'npm run admin beside npm start',
  { timeout: 180_000 },
  () => {
    it('goes through the running server, then opens DATA_DIR itself once it has stopped', async () => {
      await seedWithMigratedImage(dataDir);
      const server = await startServerProcess(dataDir, { LOG_LEVEL: 'warn' });
      running.push(server.child);
      // The socket only this account can use, in the private DATA_DIR.
      await expect.poll(() => fs.existsSync(path.join(dataDir, 'admin.sock')), { timeout: 10_000 }).toBe(true);
      expect(fs.statSync(path.join(dataDir, 'admin.sock')).mode & 0o777).toBe(0o600);

      const created = await run(['users', 'create', 'operator@example.com', '--password', 'a fine password']);
      expect(created).toMatchObject({ code: 0, out: 'Created operator@example.com.\n', err: '' });
      const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'operator@example.com', password: 'a fine password' }),
      });
      expect(signIn.status).toBe(200);
      const backup = path.join(dataDir, 'nightly.gz');
      const taken = await run(['backup', backup]);
      expect(taken.code).toBe(0);
      expect(taken.out).toMatch(/^1 users, 1 sessions, 0 notes/m);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
      const listed = await run(['users', 'list']);
      expect(listed.code).toBe(0);
      expect(listed.out).toMatch(/^operator@example\.com +0 +1 /m);
      expect(server.output()).not.toMatch(/"level":50/);
    });
  },
);
