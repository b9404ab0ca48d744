// The fetch the AI SDK calls the provider with: node:http(s) under a WHATWG Response, on kept-alive
// connections. Through Node's built-in fetch, the time from the SDK's call to the first streamed
// chunk was most of what the server added to the time to first character (docs/benchmarks.md, ai).
// The SDK still owns everything above the transport: its timeout and abort (init.signal), retries,
// error classes and SSE parsing. A body this transport does not know is handed to the built-in fetch.
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function decoded(response: http.IncomingMessage): Readable {
  // What the built-in fetch accepts and undoes, so the SDK sees the same bytes either way.
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    case 'deflate':
      return response.pipe(zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

export const providerFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const agent = agents[url.protocol as keyof typeof agents];
  const body = init.body ?? undefined;
  if (!agent || input instanceof Request || (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))) {
    return fetch(input, init);
  }
  const signal = init.signal ?? undefined;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<Response>((resolve, reject) => {
    // As the built-in fetch: an abort rejects the call, or fails the body once it has begun, with the
    // signal's reason (an AbortError, which the SDK takes as the end of a cancelled stream).
    const aborted = () => (signal?.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));
    if (signal?.aborted) return reject(aborted());
    let stream: Readable | undefined;
    const onAbort = () => {
      if (stream) stream.destroy(aborted());
      else request.destroy(aborted());
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, { method: init.method ?? 'GET', headers, agent }, (response) => {
      const status = response.statusCode ?? 502;
      const content = decoded(response);
      stream = content;
      // A dropped connection fails the body, as with the built-in fetch.
      if (content !== response) response.once('error', (error) => content.destroy(error));
      content.once('close', () => {
        signal?.removeEventListener('abort', onAbort);
        // A body cancelled by its reader (or failed in the decoder) frees the connection too.
        if (!response.destroyed) response.destroy();
      });
      const hasBody = !NULL_BODY.has(status) && init.method !== 'HEAD';
      if (!hasBody) content.on('error', () => undefined).resume();
      const webBody = hasBody ? (Readable.toWeb(content) as ReadableStream<Uint8Array>) : null;
      resolve(new Response(webBody, { status, statusText: response.statusMessage ?? '', headers: responseHeaders(response.rawHeaders) }));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    request.end(body);
  });
};
