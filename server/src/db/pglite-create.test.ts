import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPGliteDataDir, DatabaseCreateError } from './pglite-create';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('createPGliteDataDir', () => {
  // That a new directory holds every migration and opens as it was left is checked where the server makes
  // one on its first start (server/test/process.test.ts): initdb is most of either test's time.

  it('stops making the directory when the server that asked is killed', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-create-'));
    dirs.push(parent);
    const script = `import('./server/src/db/pglite-create.ts').then((m) => m.createPGliteDataDir(${JSON.stringify(path.join(parent, 'pglite'))}))`;
    const server = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: 'ignore' });
    const creator = await vi.waitFor(
      () => {
        const pid = childrenOf(server.pid!).find((child) => commandOf(child).includes('pglite-create-main'));
        if (pid === undefined) throw new Error('the creating process has not started yet');
        return pid;
      },
      { timeout: 20_000, interval: 20 },
    );
    server.kill('SIGKILL');
    await vi.waitFor(
      () => {
        if (fs.existsSync(`/proc/${creator}`)) throw new Error('the creating process still runs');
      },
      { timeout: 30_000, interval: 20 },
    );
    // It went no further than the step it was in: no database, or one without any migration.
    if (!fs.existsSync(path.join(parent, 'pglite', 'PG_VERSION'))) return;
    const pglite = new PGlite(path.join(parent, 'pglite'));
    try {
      const { rows } = await pglite.query<{ table: string | null }>(
        "select to_regclass('schema_migrations')::text as table",
      );
      expect(rows[0]?.table).toBeNull();
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it('fails with the reason in one line when the directory cannot be made', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-create-'));
    dirs.push(parent);
    fs.writeFileSync(path.join(parent, 'file'), '');
    const failure = createPGliteDataDir(path.join(parent, 'file', 'pglite'));
    await expect(failure).rejects.toBeInstanceOf(DatabaseCreateError);
    await expect(failure).rejects.toThrow(/^Could not create the database in .*file\/pglite: .*ENOTDIR[^\n]*$/);
  }, 60_000);
});

function childrenOf(pid: number): number[] {
  const ids: number[] = [];
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    for (const id of text.split(/\s+/)) if (id) ids.push(Number(id));
  }
  return ids;
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
