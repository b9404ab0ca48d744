// How the server starts PGlite, wherever it runs: the worker thread that serves queries
// (pglite-worker.ts) and the process that creates a new data directory (pglite-create.ts).
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate';

// PGlite's WebAssembly heap zero-fills PostgreSQL's shared memory, so every MiB of shared_buffers is
// resident from the start: initdb's default was a large share of the idle server's memory (docs/decisions.md,
// 'PGlite gets 16 MB of shared buffers'). The embedded database is small and its files stay in the
// operating system's page cache.
const SMALL_MEMORY = ['-c', 'shared_buffers=16MB'];

export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...SMALL_MEMORY];
}

/** Applies the migrations PGlite's data is missing (migrate.ts), through its own query and exec. */
export async function migratePGlite(pglite: PGlite): Promise<void> {
  await migrate({
    query: (sql, params) => pglite.query<Record<string, unknown>>(sql, params),
    exec: async (script) => void (await pglite.exec(script)),
  });
}
