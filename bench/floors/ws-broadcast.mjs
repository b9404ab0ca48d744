// Floor of the realtime fan-out: a bare `ws` server (the library under @fastify/websocket), no database,
// no auth. It answers every Phoenix frame (a join, a heartbeat) with an ok reply, and POST /broadcast
// sends the request's body as one text frame to every open socket, encoded once, then answers 201:
// the least a server can do to tell 1,000 sockets about a write it was sent. Plain JavaScript, so
// nothing compiles at start.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/api/health') return response.end('{"ok":true}');
  if (request.method !== 'POST' || request.url !== '/broadcast') {
    response.statusCode = 404;
    return response.end();
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const frame = Buffer.concat(chunks);
    for (const socket of wss.clients) socket.send(frame, { binary: false });
    response.statusCode = 201;
    response.end();
  });
});
const wss = new WebSocketServer({ server, path: '/realtime/v1/websocket' });
wss.on('connection', (socket) => {
  // A client that drops mid-frame must not end the floor (Sprout's connections close only themselves).
  socket.on('error', () => socket.terminate());
  socket.on('message', (data) => {
    const [joinRef, ref, topic] = JSON.parse(String(data));
    socket.send(JSON.stringify([joinRef, ref, topic, 'phx_reply', { status: 'ok', response: {} }]));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => process.exit(0));
});
