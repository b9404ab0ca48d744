// Floor of the many-user load: a bare Fastify process (no database, no auth, logger off as Fastify
// ships) answering the requests a client makes with the bytes Sprout answered them with, captured
// into BODY_DIR: token.json for a sign-in, list.json for GET /rest/v1/notes, note.json for a POST or
// PATCH; /api/health as Sprout does. Plain JavaScript, so nothing compiles at start.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const read = (name) => fs.readFileSync(path.join(process.env.BODY_DIR, name));
const token = read('token.json');
const list = read('list.json');
const note = read('note.json');
const app = Fastify();
const json = (reply, body, status = 200) => reply.code(status).type('application/json; charset=utf-8').send(body);
app.get('/api/health', async () => ({ ok: true }));
app.post('/auth/v1/token', async (_request, reply) => json(reply, token));
app.get('/rest/v1/notes', async (_request, reply) => json(reply, list));
app.post('/rest/v1/notes', async (_request, reply) => json(reply, note, 201));
app.patch('/rest/v1/notes', async (_request, reply) => json(reply, note));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
