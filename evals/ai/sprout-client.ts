// The evaluation's view of Sprout: a throwaway user signed up through /auth/v1/signup, and one AI turn
// through the real HTTP API (/api/ai/conversation, /api/ai/chat or /api/ai/ask), read as the browser reads
// it: the event stream's deltas, `restart` (the server asked again for a plan in the format), then `done`
// (with the sources of an answer from the notes) or `error` (the catalogue's message and the request id).
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';

export interface EvalUser {
  url: string;
  headers: Record<string, string>;
}

export interface TurnResult {
  ok: boolean;
  /** The finished reply (done), or what had streamed before an error. */
  text: string;
  /** Plan turns: the steps the server found. */
  steps: string[];
  /** How many times the server restarted the answer (a plan that did not follow the format). */
  restarts: number;
  usingFallback: boolean;
  /** Answers from the notes (/api/ai/ask): the notes cited, as the server checked them. */
  sources: { n: number; noteId: string; title: string }[];
  error?: { code: string; message: string; requestId?: string; status?: number };
  /** From sending the request to the end of the stream. */
  latencyMs: number;
}

export async function signUpThrowawayUser(url: string): Promise<EvalUser> {
  const config = await fetch(`${url}/api/config`);
  if (!config.ok) throw new Error(`GET ${url}/api/config answered ${config.status}`);
  const { anonKey } = (await config.json()) as { anonKey: string };
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `eval-ai-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access_token?: string };
  if (!session.access_token)
    throw new Error('sign-up returned no session (does the server require email confirmation?)');
  return { url, headers: { apikey: anonKey, Authorization: `Bearer ${session.access_token}` } };
}

/** Whether the server has its own provider key (then the user's key is neither needed nor accepted). */
export async function serverHasKey(user: EvalUser): Promise<boolean> {
  const response = await fetch(`${user.url}/api/openrouter-key`, { headers: user.headers });
  const status = (await response.json()) as { source?: string | null };
  return status.source === 'server';
}

export async function storeUserKey(user: EvalUser, apiKey: string): Promise<void> {
  const response = await fetch(`${user.url}/api/ai/key`, {
    method: 'PUT',
    headers: { ...user.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiKey }),
  });
  if (!response.ok) throw new Error(`storing the API key failed: ${response.status} ${await response.text()}`);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export async function aiTurn(
  user: EvalUser,
  endpoint: 'conversation' | 'chat' | 'ask',
  body: unknown,
): Promise<TurnResult> {
  const began = performance.now();
  const response = await fetch(`${user.url}/api/ai/${endpoint}`, {
    method: 'POST',
    headers: { ...user.headers, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  const result: TurnResult = {
    ok: false,
    text: '',
    steps: [],
    restarts: 0,
    usingFallback: false,
    sources: [],
    latencyMs: 0,
  };
  if (!response.ok || !response.body) {
    const data = record(await response.json().catch(() => ({})));
    result.error = {
      code: String(data.code ?? data.error_code ?? 'http_error'),
      message: String(data.message ?? data.msg ?? response.statusText),
      status: response.status,
    };
    result.latencyMs = performance.now() - began;
    return result;
  }
  let streamed = '';
  const parser = createParser({
    onEvent({ event, data }) {
      const payload = record(JSON.parse(data) as unknown);
      if (event === 'delta') streamed += typeof payload.text === 'string' ? payload.text : '';
      else if (event === 'restart') {
        result.restarts += 1;
        streamed = '';
      } else if (event === 'done') {
        result.ok = true;
        result.text = typeof payload.text === 'string' ? payload.text : streamed;
        result.steps = Array.isArray(payload.steps) ? payload.steps.map(String) : [];
        result.usingFallback = payload.usingFallback === true;
        result.sources = Array.isArray(payload.sources)
          ? payload.sources.map((source) => {
              const { n, noteId, title } = record(source);
              return { n: Number(n), noteId: String(noteId), title: String(title) };
            })
          : [];
      } else if (event === 'error') {
        result.text = typeof payload.partial === 'string' ? payload.partial : streamed;
        result.error = {
          code: String(payload.code ?? 'error'),
          message: String(payload.message ?? ''),
          ...(typeof payload.requestId === 'string' ? { requestId: payload.requestId } : {}),
          ...(typeof payload.status === 'number' ? { status: payload.status } : {}),
        };
      }
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
  parser.feed(decoder.decode());
  if (!result.ok && !result.error)
    result.error = { code: 'stream_ended', message: 'the stream ended without done or error' };
  if (!result.ok && result.text === '') result.text = streamed;
  result.latencyMs = performance.now() - began;
  return result;
}
