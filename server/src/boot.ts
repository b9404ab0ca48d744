// Entry point of the compiled server (`npm start`, build/server-bundle.mjs): PGlite's worker thread starts
// before the rest of the server's code loads. Booting its isolate and loading PGlite took as long as
// loading this thread's packages (zod, kysely, Fastify), and came after them. The worker opens nothing
// until main.ts, holding the data-dir lock, says what.
import { restrictUmask } from './db/data-dir-permissions';
import { startEarlyWorker } from './db/pglite-thread';

// Before anything is written: the database, the WAL and the secrets are readable by this account only.
restrictUmask();
// A non-empty DATABASE_URL means PostgreSQL (config.ts); main.ts ends the worker if it is unused.
if (!process.env.DATABASE_URL) startEarlyWorker();
await import('./main');
