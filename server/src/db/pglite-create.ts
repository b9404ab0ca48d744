// A new PGlite data directory is created in a child process, not in the server: initdb grows the
// WebAssembly memory to several hundred MiB that PGlite never gives back, and V8 and glibc kept tens of
// MiB of what a worker thread doing it had used after it ended (idle RSS after a first start 256-273
// MiB against 201-209 with initdb in a process of its own, 4 interleaved first starts each).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { siblingScript } from './sibling-script';

/** A new data directory could not be made: the server says why in one line and stops. */
export class DatabaseCreateError extends Error {}

/** Creates and migrates a PGlite data directory at `dir`; rejects with the child's own error text. */
export function createPGliteDataDir(dir: string): Promise<void> {
  const { url, execArgv } = siblingScript('pglite-create-main');
  // PGlite's WebAssembly stays on V8's baseline compiler (Liftoff) here: the process runs initdb once and
  // exits, and optimising its hot functions cost more CPU than it saved (docs/decisions.md).
  const child = spawn(process.execPath, [...execArgv, '--liftoff-only', fileURLToPath(url), dir], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  // A server stopped while the directory is made takes the child with it: none may write there unlocked.
  const stopChild = () => child.kill('SIGKILL');
  process.once('exit', stopChild);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stopChild);
      if (code === 0) return resolve();
      const reason =
        stderr
          .trim()
          .replace(/\s*\n\s*/g, ' ')
          .slice(0, 500) || (signal ? `stopped by ${signal}` : `exit code ${code}`);
      reject(new DatabaseCreateError(`Could not create the database in ${dir}: ${reason}`));
    });
  });
}
