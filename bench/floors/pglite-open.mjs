// Floor: PGlite opening an existing data directory (PGLITE_DIR) and answering one query, in a fresh
// process, as the server does at a restart before it can answer. Serves /api/health once it has, so
// the bench times it like the server: spawn to first answer, and reads its idle RSS.
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';

// The server's own settings (server/src/db/pglite-worker.ts): its 16 MB of shared buffers.
const db = new PGlite(process.env.PGLITE_DIR, {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
});
await db.query('select 1');
const server = http.createServer((_request, response) => response.end('{"ok":true}'));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void db.close().then(() => process.exit(0));
});
