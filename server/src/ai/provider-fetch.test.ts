// The transport under the AI SDK behaves as the built-in fetch does where the SDK and provider.ts
// look: chunks as they arrive, decoded bodies, aborts as AbortError, connection failures with their code.
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFetch } from './provider-fetch';

let server: http.Server;
let base: string;
/** Ends the held response of /held. */
let release: () => void = () => undefined;
const received: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, headers: req.headers, body });
      if (req.url === '/held') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Test': 'yes' });
        res.write('data: first\n\n');
        release = () => res.end('data: last\n\n');
      } else if (req.url === '/gzip') {
        res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
        res.end(zlib.gzipSync(JSON.stringify({ ok: true })));
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

async function readOne(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value } = await reader.read();
  return new TextDecoder().decode(value);
}

describe('providerFetch', () => {
  it('sends method, headers and body, and yields each chunk before the response ends', async () => {
    const response = await providerFetch(`${base}/held`, { method: 'POST', headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' }, body: '{"a":"é"}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-test')).toBe('yes');
    const reader = response.body!.getReader();
    expect(await readOne(reader)).toBe('data: first\n\n');
    release();
    expect(await readOne(reader)).toBe('data: last\n\n');
    expect((await reader.read()).done).toBe(true);
    const sent = received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', body: '{"a":"é"}' });
    expect(sent.headers).toMatchObject({ authorization: 'Bearer k', 'content-type': 'application/json', 'content-length': '10' });
  });

  it('undoes a gzip content encoding and keeps the status', async () => {
    const response = await providerFetch(`${base}/gzip`);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('gives a null body for a status that has none', async () => {
    const response = await providerFetch(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('fails the body with an AbortError when the signal aborts after the headers', async () => {
    const controller = new AbortController();
    const response = await providerFetch(`${base}/held`, { method: 'POST', body: '{}', signal: controller.signal });
    const reader = response.body!.getReader();
    await readOne(reader);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with an AbortError when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(providerFetch(`${base}/held`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with the connection error when nothing listens', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(providerFetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
