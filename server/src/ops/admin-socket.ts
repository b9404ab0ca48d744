// The running server's door for the admin command, on the embedded database: PGlite is one process's, so
// while the server runs, `npm run admin` asks it instead of opening DATA_DIR itself. A Unix socket in
// DATA_DIR (mode 0600, in a directory only the server's account can enter): whoever can connect could
// read the database files anyway, and nothing is reachable over the network. HTTP on it, one JSON
// request per call; a backup's reply is the gzip file itself.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { AdminError } from './users';
import {
  adminRequestSchema,
  backupRequestSchema,
  runAdminRequest,
  streamBackup,
  type AdminDeps,
  type AdminRequest,
  type BackupRequest,
} from './admin-requests';

export const ADMIN_SOCKET = 'admin.sock';

const MAX_REQUEST_BYTES = 64 * 1024;

export interface AdminSocket {
  close(): Promise<void>;
}

export interface AdminSocketLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Listens on DATA_DIR/admin.sock; the caller holds the data-dir lock, so a socket file left there is stale. */
export async function listenAdminSocket(dataDir: string, deps: AdminDeps, log: AdminSocketLog): Promise<AdminSocket> {
  const socketPath = path.join(dataDir, ADMIN_SOCKET);
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    void handle(deps, log, request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

async function handle(
  deps: AdminDeps,
  log: AdminSocketLog,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  const reply = (status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  try {
    if (request.method !== 'POST') return reply(405, { error: 'Only POST is served here.' });
    const body = await readJson(request);
    const backup = backupRequestSchema.safeParse(body);
    if (backup.success) return await sendBackup(deps, log, backup.data, response);
    const parsed = adminRequestSchema.safeParse(body);
    if (!parsed.success) return reply(400, { error: 'Not an admin request this server knows.' });
    const result = await runAdminRequest(deps, parsed.data);
    log.info({ command: parsed.data.command }, 'admin command run');
    return reply(200, { result });
  } catch (error) {
    if (error instanceof AdminError) return reply(422, { error: error.message });
    log.warn({ err: error }, 'admin command failed');
    if (!response.headersSent) return reply(500, { error: `The server could not run it: ${(error as Error).message}` });
    response.destroy();
  }
}

async function sendBackup(
  deps: AdminDeps,
  log: AdminSocketLog,
  request: BackupRequest,
  response: http.ServerResponse,
): Promise<void> {
  response.writeHead(200, { 'Content-Type': 'application/gzip' });
  const summary = await streamBackup(deps, request, response);
  log.info({ rows: summary.rows, includesEncryptionKey: summary.includesEncryptionKey }, 'backup taken');
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) throw new AdminError('The request is too large.');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AdminError('The request is not JSON.');
  }
}

/** The command's side: whether a server answers on the socket. */
export function adminSocketAnswers(dataDir: string): Promise<boolean> {
  const socketPath = path.join(dataDir, ADMIN_SOCKET);
  if (!fs.existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = http.request({ socketPath, method: 'GET', path: '/', timeout: 5000 }, (response) => {
      response.resume();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
    probe.on('timeout', () => probe.destroy());
    probe.end();
  });
}

/** POSTs one request to the server on the socket; resolves with its response, unread. */
function postToSocket(dataDir: string, request: AdminRequest | BackupRequest): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const call = http.request(
      {
        socketPath: path.join(dataDir, ADMIN_SOCKET),
        method: 'POST',
        path: '/',
        headers: { 'Content-Type': 'application/json' },
      },
      resolve,
    );
    call.on('error', reject);
    call.end(JSON.stringify(request));
  });
}

/** The response's JSON body: `{ result }` on success, `{ error }` with the server's message otherwise. */
async function readAnswer(response: http.IncomingMessage): Promise<{ result?: unknown; error?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result?: unknown; error?: string };
  } catch {
    throw new Error('The running server sent an answer that is not JSON.');
  }
}

async function refusal(response: http.IncomingMessage): Promise<AdminError> {
  const answer = await readAnswer(response);
  return new AdminError(answer.error ?? `The running server answered ${response.statusCode}.`);
}

/** Sends a request to the server on the socket; rejects with the server's own message. */
export async function callAdminSocket(dataDir: string, request: AdminRequest): Promise<unknown> {
  const response = await postToSocket(dataDir, request);
  if (response.statusCode !== 200) throw await refusal(response);
  return (await readAnswer(response)).result;
}

/** Asks the server on the socket for a backup and writes its bytes to `out`. */
export async function backupThroughSocket(
  dataDir: string,
  request: BackupRequest,
  out: NodeJS.WritableStream,
): Promise<void> {
  const response = await postToSocket(dataDir, request);
  if (response.statusCode !== 200) throw await refusal(response);
  await new Promise<void>((resolve, reject) => {
    response.pipe(out);
    out.on('finish', () => resolve());
    out.on('error', reject);
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('The running server stopped sending the backup.')));
  });
}
