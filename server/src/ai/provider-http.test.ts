// The transport to the AI provider: chunks as they arrive, decoded bodies, aborts with the signal's
// reason, connection failures with their code, and a finished body's connection kept for the next call.
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, releaseBody, sendProviderRequest, type ProviderRequest } from './provider-http';

let server: http.Server;
let base: string;
/** Ends the held response of /held. */
let release: () => void = () => undefined;
const received: { method?: string; headers: http.IncomingHttpHeaders; body: string; port: number }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, headers: req.headers, body, port: req.socket.remotePort ?? 0 });
      if (req.url === '/held') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Test': 'yes' });
        res.write('data: first\n\n');
        release = () => res.end('data: last\n\n');
      } else if (req.url === '/gzip') {
        res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
        res.end(zlib.gzipSync(JSON.stringify({ ok: true })));
      } else if (req.url === '/done') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: [DONE]\n\n');
        setTimeout(() => res.end(), 20);
      } else {
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  release();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = (path: string, init: Partial<ProviderRequest> = {}) =>
  sendProviderRequest(new URL(`${base}${path}`), {
    method: 'GET',
    headers: {},
    signal: new AbortController().signal,
    ...init,
  });

async function readOne(body: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => body.once('data', (chunk: Buffer) => resolve(chunk.toString())));
}

describe('sendProviderRequest', () => {
  it('sends method, headers and body, and yields each chunk before the response ends', async () => {
    const response = await send('/held', {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: '{"a":"é"}',
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-test']).toBe('yes');
    expect(await readOne(response.body)).toBe('data: first\n\n');
    response.body.pause();
    release();
    expect(await readText(response.body)).toBe('data: last\n\n');
    const sent = received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', body: '{"a":"é"}' });
    expect(sent.headers).toMatchObject({
      authorization: 'Bearer k',
      'content-type': 'application/json',
      'content-length': '10',
    });
  });

  it('undoes a gzip content encoding and keeps the status', async () => {
    const response = await send('/gzip');
    expect(response.status).toBe(201);
    expect(JSON.parse(await readText(response.body))).toEqual({ ok: true });
  });

  it('fails the body with the abort reason when the signal aborts after the headers', async () => {
    const controller = new AbortController();
    const response = await send('/held', { method: 'POST', body: '{}', signal: controller.signal });
    await readOne(response.body);
    controller.abort();
    await expect(readText(response.body)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with an AbortError when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(send('/held', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with the connection error when nothing listens', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      sendProviderRequest(new URL(`http://127.0.0.1:${port}/`), {
        method: 'GET',
        headers: {},
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});

describe('releaseBody', () => {
  it('lets a body that ends soon end, so the next request reuses its connection', async () => {
    const first = await send('/done');
    expect(await readOne(first.body)).toBe('data: [DONE]\n\n');
    releaseBody(first.body);
    await new Promise((resolve) => first.body.once('close', resolve));
    const second = await send('/empty');
    expect(second.status).toBe(204);
    expect(received.at(-1)!.port).toBe(received.at(-2)!.port);
  });
});
