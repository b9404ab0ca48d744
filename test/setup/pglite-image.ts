// Global set-up for the projects that start the real server: migrates one in-memory PGlite and dumps
// its data directory to a file, so each test file loads that image instead of running initdb and the
// migrations again (about 3 s of CPU per file on these machines).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedMemoryImage } from '../../server/src/db/database';
// Its ProvidedContext entry types `provide` below.
import type {} from '../../server/test/test-server';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  const image = await migratedMemoryImage();
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
