// Floor of the backup benchmark: PGlite's own physical backup, in a fresh process as `npm run admin`
// runs: `dump DIR FILE` opens the data directory and writes dumpDataDir's gzipped tarball to FILE;
// `load FILE DIR` creates a new data directory from that tarball (loadDataDir). The server's settings
// (its 16 MB of shared buffers) as in pglite-open.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [mode, from, to] = process.argv.slice(2);
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
if (mode === 'dump') {
  const db = new PGlite(from, { startParams });
  await db.query('select 1');
  const image = await db.dumpDataDir('gzip');
  fs.writeFileSync(to, Buffer.from(await image.arrayBuffer()));
  await db.close();
} else if (mode === 'load') {
  const bytes = fs.readFileSync(from);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const db = new PGlite(to, { startParams, loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }) });
  await db.query('select 1');
  await db.close();
} else {
  throw new Error('usage: pglite-dump.mjs dump DIR FILE | load FILE DIR');
}
