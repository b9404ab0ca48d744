// The provider's calls through a proxy from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), against a
// real local proxy that tunnels CONNECT and forwards plain requests: an https provider through a tunnel
// kept for the next call, its stream arriving as it is sent; an http provider forwarded; a NO_PROXY host
// direct; and the switch, as Node users set it: NODE_USE_ENV_PROXY=1 turns it on for the server's own
// agents, and without it the calls stay direct.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderAgents, readText, sendProviderRequest, type ProviderAgents } from './provider-http';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures');
const certFile = path.join(fixtures, 'localhost-cert.pem');
const cert = fs.readFileSync(certFile, 'utf8');

/** What the proxy was asked: `CONNECT host:port` for a tunnel, `GET http://...` for a forwarded request. */
const proxied: string[] = [];
/** The remote port of each request the providers received, by path. */
const received: { path: string; port: number }[] = [];
let release: () => void = () => undefined;

let proxy: http.Server;
let tlsProvider: https.Server;
let plainProvider: http.Server;
let proxyUrl: string;

function provider(req: http.IncomingMessage, res: http.ServerResponse): void {
  received.push({ path: req.url ?? '', port: req.socket.remotePort ?? 0 });
  if (req.url === '/held') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: first\n\n');
    release = () => res.end('data: last\n\n');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ path: req.url }));
}

const listen = (server: net.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

beforeAll(async () => {
  tlsProvider = https.createServer({ cert, key: fs.readFileSync(path.join(fixtures, 'localhost-key.pem')) }, provider);
  plainProvider = http.createServer(provider);
  // A forward proxy as a corporate one is: absolute-URI requests are forwarded, CONNECT opens a tunnel.
  proxy = http.createServer((req, res) => {
    proxied.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    proxied.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host === 'localhost' ? '127.0.0.1' : host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await Promise.all([listen(tlsProvider), listen(plainProvider)]);
  proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
});

afterAll(async () => {
  release();
  for (const server of [proxy, tlsProvider, plainProvider]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  proxied.length = 0;
  received.length = 0;
});

const send = (url: string, via: ProviderAgents) =>
  sendProviderRequest(new URL(url), { method: 'GET', headers: {}, signal: new AbortController().signal }, via);
const tlsUrl = (p: string) => `https://localhost:${portOf(tlsProvider)}${p}`;
const plainUrl = (p: string) => `http://127.0.0.1:${portOf(plainProvider)}${p}`;

describe('through the proxy the environment names', () => {
  it('reaches an https provider through a CONNECT tunnel, and keeps the tunnel for the next call', async () => {
    const via = createProviderAgents({ proxyEnv: { HTTPS_PROXY: proxyUrl }, ca: cert });
    expect(JSON.parse(await readText((await send(tlsUrl('/models'), via)).body))).toEqual({ path: '/models' });
    expect(JSON.parse(await readText((await send(tlsUrl('/models?again'), via)).body))).toEqual({
      path: '/models?again',
    });
    expect(proxied).toEqual([`CONNECT localhost:${portOf(tlsProvider)}`]);
    // Both calls came out of the proxy's one upstream connection.
    expect(received.map((r) => r.port)).toEqual([received[0]!.port, received[0]!.port]);
  });

  it('passes a stream through the tunnel as it is sent', async () => {
    const via = createProviderAgents({ proxyEnv: { https_proxy: proxyUrl }, ca: cert });
    const response = await send(tlsUrl('/held'), via);
    const first = await new Promise<string>((resolve) =>
      response.body.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(first).toBe('data: first\n\n');
    response.body.pause();
    release();
    expect(await readText(response.body)).toBe('data: last\n\n');
    expect(proxied).toEqual([`CONNECT localhost:${portOf(tlsProvider)}`]);
  });

  it('forwards a call to an http provider with its absolute URL', async () => {
    const via = createProviderAgents({ proxyEnv: { HTTP_PROXY: proxyUrl } });
    expect(JSON.parse(await readText((await send(plainUrl('/v1/models'), via)).body))).toEqual({ path: '/v1/models' });
    expect(proxied).toEqual([`GET ${plainUrl('/v1/models')}`]);
  });

  it('goes direct to a host NO_PROXY lists', async () => {
    const via = createProviderAgents({
      proxyEnv: { HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl, NO_PROXY: 'localhost,127.0.0.1' },
      ca: cert,
    });
    await readText((await send(tlsUrl('/models'), via)).body);
    await readText((await send(plainUrl('/models'), via)).body);
    expect(proxied).toEqual([]);
    expect(received.map((r) => r.path)).toEqual(['/models', '/models']);
  });
});

describe("the server's own agents", () => {
  /** Runs one call in a fresh Node, with the server's agents as its environment makes them; resolves with its answer. */
  async function callInNode(env: Record<string, string>): Promise<string> {
    const script = `
      const { readText, sendProviderRequest } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'provider-http.ts'))});
      const response = await sendProviderRequest(new URL(${JSON.stringify(tlsUrl('/models'))}), { method: 'GET', headers: {}, signal: new AbortController().signal });
      process.stdout.write(await readText(response.body));
      process.exit(0);`;
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(https?_proxy|no_proxy|node_use_env_proxy)$/i.test(name)),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env: { ...base, NODE_EXTRA_CA_CERTS: certFile, HTTPS_PROXY: proxyUrl, ...env },
        timeout: 30_000,
      },
    );
    return stdout;
  }

  it('go through HTTPS_PROXY when NODE_USE_ENV_PROXY=1, as fetch() does', async () => {
    expect(JSON.parse(await callInNode({ NODE_USE_ENV_PROXY: '1' }))).toEqual({ path: '/models' });
    expect(proxied).toEqual([`CONNECT localhost:${portOf(tlsProvider)}`]);
  });

  it('stay direct without it, as the rest of Node does', async () => {
    expect(JSON.parse(await callInNode({}))).toEqual({ path: '/models' });
    expect(proxied).toEqual([]);
    expect(received).toHaveLength(1);
  });
});
