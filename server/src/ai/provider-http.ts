// The HTTP exchange with the AI provider: node:http(s) on kept-alive connections, through the proxy the
// environment names when Node is told to use it, the response body as a Node stream, content-decoded.
// provider.ts reads it (an SSE stream, or JSON) as it arrives and words the failures; this module knows
// nothing of the OpenAI format.
import type { AgentOptions as HttpsAgentOptions } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

// Taken as the built-in's own object, not through `import`: an ES import of node:http builds its module
// namespace by reading every export, and the lazy ones (WebSocket, CloseEvent...) loaded undici, Node's
// fetch, on the request thread at start-up, and slowed every restart.
const http = process.getBuiltinModule('node:http');
const https = process.getBuiltinModule('node:https');

export interface ProviderAgents {
  'http:': InstanceType<typeof http.Agent>;
  'https:': InstanceType<typeof https.Agent>;
}

/**
 * Kept-alive agents for the provider's calls. With `proxyEnv` (HTTP_PROXY, HTTPS_PROXY, NO_PROXY and
 * their lower-case forms) a call goes through the proxy its protocol names, unless NO_PROXY lists the
 * host: an https provider through a CONNECT tunnel (kept alive like a direct connection), an http one
 * as a forwarded request. Without it, every call is direct.
 */
export function createProviderAgents(options: Pick<HttpsAgentOptions, 'proxyEnv' | 'ca'> = {}): ProviderAgents {
  return {
    'http:': new http.Agent({ keepAlive: true, proxyEnv: options.proxyEnv }),
    'https:': new https.Agent({ keepAlive: true, ...options }),
  };
}

// Node's own switch for proxies from the environment (NODE_USE_ENV_PROXY=1 or --use-env-proxy) builds its
// global agents with `proxyEnv: process.env`, so that fetch() and http.request() go through HTTP(S)_PROXY;
// agents of our own do not inherit it. Ours take what Node gave its global agent: the provider's calls
// follow the same switch as the rest of Node, and stay direct, exactly as before, without it.
const agents = createProviderAgents({ proxyEnv: https.globalAgent.options.proxyEnv });

export interface ProviderRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Aborting rejects the call, or, once the response has begun, fails its body with the signal's reason. */
  signal: AbortSignal;
}

export interface ProviderResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decoded; destroying it gives the connection up. */
  body: Readable;
}

/** Streams of a compressed response decode what is there as it arrives, not only at the end. */
const FLUSHING = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };

function decoded(response: IncomingMessage): Readable {
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip(FLUSHING));
    case 'deflate':
      return response.pipe(zlib.createInflate(FLUSHING));
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
}

/** Sends one request (on the server's agents unless `via` names others); resolves with the response once its status and headers are in. */
export function sendProviderRequest(
  url: URL,
  request: ProviderRequest,
  via: ProviderAgents = agents,
): Promise<ProviderResponse> {
  const { signal } = request;
  const agent = url.protocol === 'https:' ? via['https:'] : url.protocol === 'http:' ? via['http:'] : undefined;
  if (!agent) return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<ProviderResponse>((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    let body: Readable | undefined;
    const onAbort = () => (body ?? outgoing).destroy(abortReason(signal));
    const outgoing = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: request.method, headers, agent },
      (response) => {
        body = decoded(response);
        const content = body;
        // A dropped connection fails the body, decoded or not.
        if (content !== response) response.once('error', (error) => content.destroy(error));
        content.once('close', () => {
          signal.removeEventListener('abort', onAbort);
          // A body given up by its reader (or failed in the decoder) frees the connection too.
          if (!response.destroyed) response.destroy();
        });
        resolve({ status: response.statusCode ?? 502, headers: response.headers, body: content });
      },
    );
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    outgoing.end(request.body);
  });
}

/** The whole body as text; `onPiece` hears each piece as it arrives. */
export async function readText(body: Readable, onPiece: () => void = () => undefined): Promise<string> {
  let text = '';
  body.setEncoding('utf8');
  for await (const piece of body) {
    onPiece();
    text += piece as string;
  }
  return text;
}

/** How long a body the reader is done with may take to end before its connection is dropped. */
const DRAIN_MS = 1_000;

/**
 * Gives up a body its reader is done with (an SSE stream after its `[DONE]`): its end, which usually
 * follows at once, is still read, so that the connection goes back to the pool for the next request
 * instead of being closed; a body that does not end soon is destroyed with its connection.
 */
export function releaseBody(body: Readable): void {
  if (body.readableEnded || body.destroyed) return;
  const timer = setTimeout(() => body.destroy(), DRAIN_MS);
  timer.unref();
  body.once('close', () => clearTimeout(timer));
  body.on('error', () => undefined);
  body.resume();
}
