// Floor: PGlite opening an existing data directory (PGLITE_DIR) and answering one query, in a fresh
// process, as the server does at a restart before it can answer. Serves /api/health once it has, so
// the bench times it like the server: spawn to first answer.
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(process.env.PGLITE_DIR);
await db.query('select 1');
const server = http.createServer((_request, response) => response.end('{"ok":true}'));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void db.close().then(() => process.exit(0));
});
