import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { readMigrations } from './migrate';
import { createPGliteDataDir, DatabaseCreateError } from './pglite-create';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('createPGliteDataDir', () => {
  it('creates a database with every migration applied, which opens as it was left', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-create-'));
    dirs.push(parent);
    const dir = path.join(parent, 'pglite');
    await createPGliteDataDir(dir);
    const pglite = new PGlite(dir);
    try {
      const { rows } = await pglite.query<{ name: string }>('select name from schema_migrations order by name');
      expect(rows.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
      const notes = await pglite.query<{ n: number }>('select count(*)::int as n from notes');
      expect(notes.rows[0]?.n).toBe(0);
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
