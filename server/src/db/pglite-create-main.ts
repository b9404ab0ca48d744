// A child process's entry (pglite-create.ts): creates the PGlite data directory given as its argument
// (initdb), applies the migrations, closes it and exits, handing every byte it used back to the system.
import { PGlite } from '@electric-sql/pglite';
import { migratePGlite, pgliteStartParams } from './pglite-settings';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-create-main <data directory>');
// The server that asked holds the data directory's lock: if it dies, this process must not go on
// writing there unlocked (its IPC channel closes when it does).
process.on('disconnect', () => process.exit(1));
try {
  const pglite = new PGlite(dir, { startParams: pgliteStartParams() });
  await pglite.waitReady;
  await migratePGlite(pglite);
  await pglite.close();
} catch (error) {
  // One line for the server to show (pglite-create.ts): the reason, not this process's stack.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
process.removeAllListeners('disconnect');
process.disconnect?.();
