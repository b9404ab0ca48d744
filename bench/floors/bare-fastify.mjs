// Floor: a bare Fastify process (no database, no auth, default logger off as Fastify ships) answering
// every GET with the bytes in BODY_FILE (the server's own answer, captured), and /api/health as Sprout
// does. Plain JavaScript, so nothing compiles at start.
import fs from 'node:fs';
import Fastify from 'fastify';

const body = process.env.BODY_FILE ? fs.readFileSync(process.env.BODY_FILE) : Buffer.from('[]');
const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
app.get('/*', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
