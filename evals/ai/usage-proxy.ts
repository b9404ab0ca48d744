// A pass-through between the Sprout server the evaluation starts and the real provider, so the report can
// give the provider's own token counts (Sprout does not pass `usage` on to the browser) and how many
// provider calls a turn took (a plan asked for twice shows here). It forwards every request unchanged
// except one addition: streamed chat requests ask for `stream_options.include_usage`, without which
// OpenAI-style servers (OpenAI, vLLM, Ollama) leave usage out of streams. Node http and fetch only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ProviderCall {
  path: string;
  status: number;
  ms: number;
  /** null when the provider sent no usage. */
  usage: Usage | null;
}

export interface UsageProxy {
  /** Give this to Sprout as AI_BASE_URL. */
  url: string;
  calls: ProviderCall[];
  close(): Promise<void>;
}

const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'accept-encoding',
]);

/** The last `usage` object in a JSON body or an SSE stream of JSON chunks. */
export function findUsage(body: string): Usage | null {
  const candidates = body.trimStart().startsWith('{')
    ? [body]
    : body
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim());
  let found: Usage | null = null;
  for (const text of candidates) {
    if (!text.includes('"usage"')) continue;
    try {
      const usage = (JSON.parse(text) as { usage?: Record<string, unknown> | null }).usage;
      if (!usage) continue;
      const prompt = Number(usage.prompt_tokens ?? 0);
      const completion = Number(usage.completion_tokens ?? 0);
      found = {
        promptTokens: prompt,
        completionTokens: completion,
        totalTokens: Number(usage.total_tokens ?? prompt + completion),
      };
    } catch {
      // Not JSON: some other line.
    }
  }
  return found;
}

function withUsageRequested(raw: string): string {
  try {
    const body = JSON.parse(raw) as Record<string, unknown>;
    if (body.stream !== true || body.stream_options !== undefined) return raw;
    return JSON.stringify({ ...body, stream_options: { include_usage: true } });
  } catch {
    return raw;
  }
}

export async function startUsageProxy(upstreamBaseUrl: string): Promise<UsageProxy> {
  const upstream = upstreamBaseUrl.replace(/\/+$/, '');
  const calls: ProviderCall[] = [];

  const server = http.createServer((req, res) => {
    void forward(req, res).catch((error: unknown) => {
      // A stream cut upstream is cut here too, as Sprout would have seen it without the proxy.
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `eval proxy: ${String(error)}` } }));
    });
  });

  async function forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const began = performance.now();
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const raw = Buffer.concat(parts).toString('utf8');
    const path = (req.url ?? '/').replace(/^\/v1(?=\/|$)/, '');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = String(value);
    const cancel = new AbortController();
    res.on('close', () => cancel.abort());
    const body = req.method === 'POST' && path.endsWith('/chat/completions') ? withUsageRequested(raw) : raw;
    const answer = await fetch(`${upstream}${path}`, {
      method: req.method ?? 'GET',
      headers,
      signal: cancel.signal,
      ...(raw === '' ? {} : { body }),
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && name !== 'content-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out);
    let text = '';
    const decoder = new TextDecoder();
    const call: ProviderCall = { path, status: answer.status, ms: 0, usage: null };
    calls.push(call);
    try {
      if (answer.body) {
        for await (const chunk of answer.body) {
          text += decoder.decode(chunk, { stream: true });
          res.write(chunk);
        }
      }
      res.end();
    } finally {
      call.ms = performance.now() - began;
      call.usage = findUsage(text + decoder.decode());
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
