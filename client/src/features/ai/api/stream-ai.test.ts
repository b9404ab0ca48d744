// The AI client over a fake fetch: the request it makes, the done payload, and every failure mapped to
// a typed error (docs/api.md): no key, offline, signed out, rate limited, error events, cut streams.
import { describe, expect, it, vi } from 'vitest';
import { AiError, AiKeyRequiredError, AiOfflineError, INTERRUPTED_MESSAGE, isStreamFailure } from './ai-errors';
import { streamAi, type StreamAiOptions } from './stream-ai';

const encoder = new TextEncoder();

function sseResponse(chunks: string[], { breakAfter }: { breakAfter?: number } = {}): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (breakAfter !== undefined && i === breakAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function options(response: Response | (() => Promise<Response>), extra: Partial<StreamAiOptions> = {}) {
  const fetchMock = vi.fn<typeof fetch>(typeof response === 'function' ? response : async () => response);
  return {
    fetchMock,
    opts: {
      fetch: fetchMock,
      getAccessToken: async () => 'token-1',
      isOnline: () => true,
      ...extra,
    } satisfies StreamAiOptions,
  };
}

const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe('streamAi', () => {
  it('POSTs the body with the bearer token and resolves with the done payload, reporting deltas', async () => {
    const { fetchMock, opts } = options(
      sseResponse([
        ev('delta', { text: 'Hel' }),
        ev('delta', { text: 'lo' }),
        ev('done', { text: 'Hello', usingFallback: true }),
      ]),
    );
    const deltas: [string, string][] = [];
    const done = await streamAi(
      'chat',
      { messages: [{ role: 'user', content: 'Hi' }] },
      { ...opts, onDelta: (t, all) => deltas.push([t, all]) },
    );
    expect(done).toEqual({ text: 'Hello', usingFallback: true });
    expect(deltas).toEqual([
      ['Hel', 'Hel'],
      ['lo', 'Hello'],
    ]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/ai/chat');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(init?.body))).toEqual({ messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('offline: throws AiOfflineError without calling the network', async () => {
    const { fetchMock, opts } = options(sseResponse([]), { isOnline: () => false });
    await expect(streamAi('expand', { idea: 'x' }, opts)).rejects.toBeInstanceOf(AiOfflineError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('no key: the 400 api_key_required answer becomes AiKeyRequiredError', async () => {
    const { opts } = options(jsonResponse(400, { error: 'api_key_required', message: 'API key required' }));
    await expect(streamAi('conversation', {}, opts)).rejects.toBeInstanceOf(AiKeyRequiredError);
  });

  it("our server's 429 carries the catalogue message and Retry-After", async () => {
    const { opts } = options(
      jsonResponse(429, { error: 'rate_limited', message: 'Too many requests' }, { 'Retry-After': '30' }),
    );
    const error = await streamAi('chat', {}, opts).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'http',
      message: 'Rate limit exceeded. Please try again later.',
      retryAfter: 30,
    });
    expect(isStreamFailure(error)).toBe(false);
  });

  it('a 401 from our server (session ended) is an http error, not a stream failure', async () => {
    const { opts } = options(jsonResponse(401, { error: 'unauthorized', message: 'Session ended' }));
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({ status: 401, code: 'http' });
  });

  it('without a session: no request, a 401 error', async () => {
    const { fetchMock, opts } = options(sseResponse([]), { getAccessToken: async () => null });
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the error event becomes a stream failure with the provider's message", async () => {
    const { opts } = options(
      sseResponse([ev('error', { status: 401, message: 'Invalid API key. Please check your OpenRouter API key.' })]),
    );
    const error = await streamAi('chat', {}, opts).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      code: 'stream',
      message: 'Invalid API key. Please check your OpenRouter API key.',
    });
    expect(isStreamFailure(error)).toBe(true);
    expect((error as AiError).partial).toBeUndefined();
  });

  it('an error after text keeps the partial text, marked incomplete', async () => {
    const { opts } = options(
      sseResponse([
        ev('delta', { text: 'Half a ' }),
        ev('error', { status: 502, message: 'cut', partial: 'Half a ', incomplete: true }),
      ]),
    );
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({
      code: 'stream',
      partial: 'Half a ',
      incomplete: true,
      message: 'cut',
    });
  });

  it('a stream that ends without done or error is interrupted; the text so far is kept', async () => {
    const { opts } = options(sseResponse([ev('delta', { text: 'Some' })]));
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({
      code: 'interrupted',
      partial: 'Some',
      incomplete: true,
      message: INTERRUPTED_MESSAGE,
    });
  });

  it('a connection that breaks mid-stream is interrupted too', async () => {
    const { opts } = options(
      sseResponse([ev('delta', { text: 'Some' }), ev('delta', { text: ' more' })], { breakAfter: 1 }),
    );
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({ code: 'interrupted', partial: 'Some' });
  });

  it('a 200 that is not an event stream is an invalid response', async () => {
    const { opts } = options(new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({
      code: 'invalid',
      message: 'Invalid response from AI service.',
    });
  });

  it('unreadable event data is an invalid response', async () => {
    const { opts } = options(sseResponse(['event: done\ndata: {oops\n\n']));
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({ code: 'invalid' });
  });

  it('a refused connection is a network error, or offline when the browser went offline meanwhile', async () => {
    let online = true;
    const { opts } = options(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      { isOnline: () => online },
    );
    await expect(streamAi('chat', {}, opts)).rejects.toMatchObject({ code: 'network' });
    const again = options(
      async () => {
        online = false;
        throw new TypeError('Failed to fetch');
      },
      { isOnline: () => online },
    );
    await expect(streamAi('chat', {}, again.opts)).rejects.toBeInstanceOf(AiOfflineError);
  });

  it("the caller's abort rejects with the AbortError", async () => {
    const abort = new AbortController();
    const { opts } = options(async () => {
      abort.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(streamAi('chat', {}, { ...opts, signal: abort.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
