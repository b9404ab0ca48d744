// One migrated PGlite image for every test run on this checkout: the unit tests' projects and the browser
// tests' servers start their databases from it instead of each running initdb, which costs more CPU than
// most tests. The file is named after what it holds (PGlite's version, the migration runner and every
// migration), so a change to any of them makes a new image instead of reusing a stale one.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { migratedMemoryImage } from '../../server/src/db/database';
import { readMigrations } from '../../server/src/db/migrate';

const root = path.resolve(import.meta.dirname, '../..');
const CACHE_DIR = path.join(root, 'node_modules/.cache/sprout-tests');

function imageKey(): string {
  const hash = createHash('sha256');
  // (The package's exports do not list its package.json: read it from node_modules.)
  const pglitePackage = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(String((JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version));
  hash.update(fs.readFileSync(path.join(root, 'server/src/db/migrate.ts')));
  for (const migration of readMigrations()) hash.update(`\0${migration.name}\0${migration.sql}`);
  return hash.digest('hex').slice(0, 16);
}

/** The path of the migrated image (an uncompressed tar of PGlite's data directory), made on first use. */
export async function cachedMigratedImage(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-migrated-${imageKey()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const image = Buffer.from(await (await migratedMemoryImage()).arrayBuffer());
  // Written whole under another name first: a run that stops half-way, or a second run making the same
  // image at the same time, never leaves a torn file under the real name.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, image);
  fs.renameSync(partial, file);
  // The images of earlier migrations are never read again.
  for (const entry of fs.readdirSync(CACHE_DIR)) {
    if (entry.startsWith('pglite-migrated-') && entry.endsWith('.tar') && path.join(CACHE_DIR, entry) !== file)
      fs.rmSync(path.join(CACHE_DIR, entry), { force: true });
  }
  return file;
}

/**
 * Gives `dataDir` (a server's DATA_DIR, empty) the migrated database, so the server opens existing data
 * instead of running initdb. The server still applies any migration the image lacks. The image is PGlite's
 * data directory as a tar (its members rooted at `/`): the system's tar unpacks it where the server looks,
 * at a small fraction of the CPU that opening and closing it in PGlite here took (docs/decisions.md, 'The
 * suite's second pass').
 */
export async function seedDataDir(dataDir: string, image: string): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  try {
    // GNU tar notes on stderr that it strips the leading '/': only a failure's output is of interest.
    await promisify(execFile)('tar', ['-xf', image, '-C', target]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not unpack the PGlite image ${image} into ${target}${stderr ? `: ${stderr}` : ''}`, {
      cause: error,
    });
  }
}
