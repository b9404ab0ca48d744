// How the server starts PGlite, wherever it runs: the worker thread that serves queries
// (pglite-worker.ts) and the process that creates a new data directory (pglite-create.ts).
import { PGlite } from '@electric-sql/pglite';

// PGlite's WebAssembly heap zero-fills PostgreSQL's shared memory, so every MiB of shared_buffers is
// resident from the start: initdb's 128 MB default was a third of the idle server. The embedded database
// is small and its files stay in the operating system's page cache; 16 MB of buffers hold 2,048 pages.
const SMALL_MEMORY = ['-c', 'shared_buffers=16MB'];

export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...SMALL_MEMORY];
}
