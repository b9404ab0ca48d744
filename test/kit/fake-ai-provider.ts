// A fake OpenAI-compatible AI provider for tests (Node http only): GET /v1/models,
// POST /v1/chat/completions (JSON or SSE chunks) and POST /v1/embeddings (deterministic fake vectors,
// fake-embeddings.ts), all in the real wire format, with scripted replies and failures. Scriptable
// in-process (script(), respondWith()) or over HTTP (POST /__script) from another process, such as
// Playwright specs talking to a fake started as a webServer.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  DEFAULT_MODEL_IDS,
  approximateTokens,
  defaultText,
  embeddingInputs,
  flavourOf,
  readEmbeddingsRequest,
  splitIntoChunks,
  type EmbeddingsRequest,
  type FakeReply,
  type FakeRequest,
  type FakeResponder,
} from './fake-ai-provider-replies';
import { fakeEmbedding } from './fake-embeddings';

export interface FakeAiProvider {
  /** Base URL for an OpenAI client, ending in /v1. */
  url: string;
  /** http://127.0.0.1:port, where the control endpoints live. */
  origin: string;
  /** Every request received, in order (control endpoints excluded). */
  requests: FakeRequest[];
  /** Queue replies, answered first in, first out, per endpoint. */
  script(...replies: FakeReply[]): void;
  /** A function consulted when the queue for the endpoint is empty; undefined from it means the default. */
  respondWith(responder: FakeResponder | null): void;
  /** Lets every stream held by `holdAfterChunks` go on. */
  release(): void;
  /** Clears the queue, the responder and the recorded requests; releases held streams. */
  reset(): void;
  /**
   * Drops the queued replies scripted with this `match` and the recorded requests that mention it: what
   * one test left on a fake that other tests share.
   */
  forget(match: string): void;
  /** Resolves when the predicate holds (checked as requests progress), rejects after timeoutMs. */
  waitFor(predicate: (requests: FakeRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeAiProviderOptions {
  port?: number;
  host?: string;
}

const FAKE_REPLY_KINDS = new Set(['text', 'error', 'garbage', 'empty', 'models', 'default']);

export async function startFakeAiProvider(options: FakeAiProviderOptions = {}): Promise<FakeAiProvider> {
  const requests: FakeRequest[] = [];
  let queue: FakeReply[] = [];
  let responder: FakeResponder | null = null;
  let releaseHeld: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (releaseHeld = resolve));
  const watchers = new Set<() => void>();
  const sockets = new Set<Socket>();
  let nextId = 1;

  const notify = () => {
    for (const watcher of [...watchers]) watcher();
  };
  const release = () => {
    releaseHeld();
    held = new Promise<void>((resolve) => (releaseHeld = resolve));
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      console.warn('fake AI provider: handler failed', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake provider failure', code: 500 } }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (path.startsWith('/__')) return control(req.method ?? 'GET', path, raw, res);

    const body = parseJson(raw);
    const endpoint: FakeRequest['endpoint'] =
      path === '/v1/chat/completions' && req.method === 'POST'
        ? 'chat'
        : path === '/v1/embeddings' && req.method === 'POST'
          ? 'embeddings'
          : path === '/v1/models' && req.method === 'GET'
            ? 'models'
            : 'other';
    const record: FakeRequest = {
      id: nextId++,
      method: req.method ?? 'GET',
      path,
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
      ),
      body: raw === '' ? null : body === undefined ? raw : body,
      endpoint,
      model: isRecord(body) && typeof body.model === 'string' ? body.model : null,
      inputs: endpoint === 'embeddings' ? embeddingInputs(body) : null,
      stream: endpoint === 'chat' && isRecord(body) && body.stream === true,
      flavour: endpoint === 'chat' ? flavourOf(body) : 'none',
      served: 'default',
      completed: false,
      closedEarly: false,
      deltasSent: 0,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
      notify();
    });
    res.on('finish', () => {
      record.completed = true;
      notify();
    });
    notify();

    if (endpoint === 'other') {
      record.served = 'not_found';
      return sendJson(res, 404, { error: { message: `No route for ${record.method} ${path}`, code: 404 } });
    }
    const key = /^Bearer\s+(\S+)$/i.exec(record.headers.authorization ?? '')?.[1];
    if (!key || key.startsWith('bad')) {
      record.served = 'unauthorized';
      return sendJson(res, 401, {
        error: { message: key ? 'User not found.' : 'No auth credentials found', code: 401 },
      });
    }
    if (endpoint === 'chat' && (!isRecord(body) || !Array.isArray(body.messages))) {
      record.served = 'bad_request';
      return sendJson(res, 400, { error: { message: 'messages is required', code: 400 } });
    }
    const embeddings = endpoint === 'embeddings' ? readEmbeddingsRequest(body) : undefined;
    if (embeddings && 'code' in embeddings) {
      record.served = 'bad_request';
      return sendJson(res, 400, { error: { ...embeddings, type: 'invalid_request_error' } });
    }

    const reply = takeReply(record, raw);
    record.served = reply.kind;
    if (reply.firstByteDelayMs) {
      await waitOrClose(reply.firstByteDelayMs, res);
      if (res.destroyed) return;
    }
    if (reply.hold) {
      await Promise.race([held, closed(res)]);
      if (res.destroyed) return;
    }
    if (endpoint === 'models') return serveModels(res, reply);
    if (embeddings) return serveEmbeddings(res, reply, embeddings);
    return serveChat(res, record, reply, isRecord(body) && typeof body.model === 'string' ? body.model : 'fake-model');
  }

  function takeReply(record: FakeRequest, raw: string): FakeReply {
    const index = queue.findIndex(
      (r) =>
        (r.endpoint ?? (r.kind === 'models' ? 'models' : 'chat')) === record.endpoint &&
        (r.match === undefined || raw.includes(r.match)),
    );
    if (index >= 0) return queue.splice(index, 1)[0] as FakeReply;
    return responder?.(record) ?? { kind: 'default' };
  }

  function serveModels(res: http.ServerResponse, reply: FakeReply): void {
    if (reply.kind === 'error') return sendError(res, reply);
    if (reply.kind === 'garbage') return sendGarbage(res, reply);
    const ids = reply.kind === 'models' ? reply.ids : DEFAULT_MODEL_IDS;
    sendJson(res, 200, {
      object: 'list',
      data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
    });
  }

  function serveEmbeddings(res: http.ServerResponse, reply: FakeReply, request: EmbeddingsRequest): void {
    if (reply.kind === 'error') return sendError(res, reply);
    if (reply.kind === 'garbage') return sendGarbage(res, reply);
    if (reply.kind === 'models' || reply.kind === 'text') {
      return sendJson(res, 400, { error: { message: `a ${reply.kind} reply was scripted for embeddings`, code: 400 } });
    }
    const vectors = reply.kind === 'empty' ? [] : request.inputs.map((text) => fakeEmbedding(text, request.dimensions));
    const tokens = request.inputs.reduce((sum, text) => sum + approximateTokens(text), 0);
    sendJson(res, 200, {
      object: 'list',
      data: vectors.map((vector, index) => ({
        object: 'embedding',
        index,
        embedding: request.encoding === 'base64' ? float32Base64(vector) : vector,
      })),
      model: request.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  async function serveChat(
    res: http.ServerResponse,
    record: FakeRequest,
    reply: FakeReply,
    model: string,
  ): Promise<void> {
    if (reply.kind === 'error') return sendError(res, reply);
    if (reply.kind === 'garbage') return sendGarbage(res, reply);
    if (reply.kind === 'models')
      return sendJson(res, 400, { error: { message: 'a models reply was scripted for chat', code: 400 } });
    const id = `chatcmpl-fake-${record.id}`;
    const created = Math.floor(Date.now() / 1000);

    if (reply.kind === 'empty') {
      if (!record.stream) {
        const choices =
          reply.shape === 'no-choices'
            ? []
            : [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }];
        return sendJson(res, 200, { id, object: 'chat.completion', created, model, choices });
      }
      startStream(res);
      if (reply.shape !== 'no-choices') {
        writeChunk(res, {
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
        });
        writeChunk(res, {
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        });
      } else {
        writeChunk(res, { id, object: 'chat.completion.chunk', created, model, choices: [] });
      }
      res.end('data: [DONE]\n\n');
      return;
    }

    const text =
      reply.kind === 'text'
        ? reply.deltas
          ? reply.deltas.join('')
          : (reply.text ?? '')
        : defaultText(record.flavour, record.body);
    const finishReason = (reply.kind === 'text' && reply.finishReason) || 'stop';
    if (!record.stream) {
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }

    const textReply = reply.kind === 'text' ? reply : undefined;
    const deltas = textReply?.deltas ?? splitIntoChunks(text, textReply?.chunks ?? 8);
    startStream(res);
    // OpenRouter sends comments while the model warms up; clients must skip them.
    res.write(': OPENROUTER PROCESSING\n\n');
    writeChunk(res, {
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    for (let i = 0; i < deltas.length; i++) {
      if (res.destroyed) return;
      if (textReply?.cutAfterChunks !== undefined && record.deltasSent >= textReply.cutAfterChunks) {
        // Give what was written a moment to leave, then drop the connection without ending the response.
        await waitOrClose(20, res);
        res.socket?.destroy();
        return;
      }
      if (i > 0 && textReply?.chunkDelayMs) {
        await waitOrClose(textReply.chunkDelayMs, res);
        if (res.destroyed) return;
      }
      writeChunk(res, {
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta: { content: deltas[i] }, finish_reason: null }],
      });
      record.deltasSent += 1;
      notify();
      if (textReply?.holdAfterChunks !== undefined && record.deltasSent === textReply.holdAfterChunks) {
        await Promise.race([held, closed(res)]);
        if (res.destroyed) return;
      }
    }
    writeChunk(res, {
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta: {}, finish_reason: finishReason }],
      usage: { prompt_tokens: 10, completion_tokens: deltas.length, total_tokens: 10 + deltas.length },
    });
    res.end('data: [DONE]\n\n');
  }

  function control(method: string, path: string, raw: string, res: http.ServerResponse): void {
    if (method === 'GET' && path === '/__health') return sendJson(res, 200, { ok: true });
    if (method === 'GET' && path === '/__requests') return sendJson(res, 200, requests);
    if (method === 'POST' && path === '/__reset') {
      api.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/__forget') {
      const body = parseJson(raw);
      if (!isRecord(body) || typeof body.match !== 'string' || body.match === '')
        return sendJson(res, 400, { error: 'send {"match": "<the tag>"}' });
      api.forget(body.match);
      return sendJson(res, 200, { queued: queue.length, requests: requests.length });
    }
    if (method === 'POST' && path === '/__release') {
      release();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/__script') {
      const body = parseJson(raw);
      const list: unknown[] = Array.isArray(body)
        ? body
        : isRecord(body) && Array.isArray(body.replies)
          ? body.replies
          : [body];
      const replies = list.filter(
        (r): r is FakeReply => isRecord(r) && typeof r.kind === 'string' && FAKE_REPLY_KINDS.has(r.kind),
      );
      if (replies.length !== list.length || replies.length === 0) {
        return sendJson(res, 400, {
          error: 'send {"replies": [{"kind": "text" | "error" | "garbage" | "empty" | "models" | "default", ...}]}',
        });
      }
      api.script(...replies);
      return sendJson(res, 200, { queued: queue.length });
    }
    sendJson(res, 404, { error: `unknown control endpoint ${method} ${path}` });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  const api: FakeAiProvider = {
    url: `${origin}/v1`,
    origin,
    requests,
    script(...replies) {
      queue.push(...replies);
    },
    respondWith(fn) {
      responder = fn;
    },
    release,
    reset() {
      queue = [];
      responder = null;
      requests.length = 0;
      release();
    },
    forget(match) {
      queue = queue.filter((reply) => reply.match !== match);
      const kept = requests.filter((record) => !JSON.stringify(record.body).includes(match));
      requests.splice(0, requests.length, ...kept);
    },
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(requests)) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`fake AI provider: condition not met within ${timeoutMs} ms (${requests.length} requests seen)`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          watchers.delete(check);
        };
        watchers.add(check);
        check();
      });
    },
    async close() {
      release();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}

/** OpenAI's base64 encoding: the vector's little-endian float32 bytes. */
function float32Base64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes.toString('base64');
}

function startStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.flushHeaders();
}

function writeChunk(res: http.ServerResponse, chunk: unknown): void {
  if (!res.destroyed) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
}

function sendError(res: http.ServerResponse, reply: Extract<FakeReply, { kind: 'error' }>): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.retryAfter !== undefined) headers['Retry-After'] = String(reply.retryAfter);
  const body =
    reply.body === undefined
      ? { error: { message: defaultErrorMessage(reply.status), code: reply.status } }
      : reply.body;
  if (typeof body === 'string') {
    res.writeHead(reply.status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(body);
    return;
  }
  res.writeHead(reply.status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendGarbage(res: http.ServerResponse, reply: Extract<FakeReply, { kind: 'garbage' }>): void {
  res.writeHead(200, { 'Content-Type': reply.contentType ?? 'application/json' });
  res.end(reply.body ?? '<html><body>Bad Gateway: upstream said something odd</body></html>');
}

function defaultErrorMessage(status: number): string {
  if (status === 401) return 'User not found.';
  if (status === 429) return 'Rate limit exceeded: free-models-per-min.';
  if (status >= 500) return 'Internal Server Error';
  return 'Bad request';
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function closed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.once('close', () => resolve());
  });
}

/** Waits, but stops early when the connection closes. */
function waitOrClose(ms: number, res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    res.once('close', done);
    function done() {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
  });
}
