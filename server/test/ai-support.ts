// Shared by the ai-*/api-* test files: a test server wired to a fake AI provider, and an SSE reader
// that works the way the browser client does (fetch + a stream parser).
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { startFakeAiProvider, type FakeAiProvider } from '../../test/kit/fake-ai-provider';
import { signedInClient, startTestServer, type TestServer } from '../../test/kit/test-server';

export interface AiTestBed {
  server: TestServer;
  fake: FakeAiProvider;
  close(): Promise<void>;
}

/** A server whose provider is a fresh fake; `serverKey: null` starts it without a server-side key. */
export async function startAiTestBed(
  options: { serverKey?: string | null; env?: Record<string, string> } = {},
): Promise<AiTestBed> {
  const fake = await startFakeAiProvider();
  const serverKey = options.serverKey === undefined ? 'sk-server-secret-key-0000' : options.serverKey;
  const server = await startTestServer({
    AI_BASE_URL: fake.url,
    AI_PROVIDER_NAME: 'OpenRouter',
    ...(serverKey ? { OPENROUTER_API_KEY: serverKey } : {}),
    ...options.env,
  });
  return {
    server,
    fake,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}

export async function signIn(server: TestServer): Promise<{ token: string; userId: string; email: string }> {
  const { session, user, email } = await signedInClient(server);
  return { token: session.access_token, userId: user.id, email };
}

export function api(
  server: TestServer,
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${server.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads an event stream to its end, calling onEvent as each event arrives. */
export async function readEvents(
  response: Response,
  onEvent: (event: SseEvent) => void = () => undefined,
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const event = { event: message.event ?? 'message', data: JSON.parse(message.data) as Record<string, unknown> };
      events.push(event);
      onEvent(event);
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  return events;
}

/** POSTs to a streaming endpoint and returns the response and all its events. */
export async function streamTurn(server: TestServer, path: string, token: string, body: unknown) {
  const response = await api(server, path, token, { body });
  const events = response.headers.get('content-type')?.startsWith('text/event-stream')
    ? await readEvents(response)
    : [];
  return {
    response,
    events,
    deltas: events
      .filter((e) => e.event === 'delta')
      .map((e) => String(e.data.text))
      .join(''),
  };
}

export const lastEvent = (events: SseEvent[]) => events[events.length - 1];

/** Saves user_metadata the way Settings and Profile do: PUT /auth/v1/user `data`. */
export async function saveMetadata(server: TestServer, token: string, data: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${server.url}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  if (!response.ok) throw new Error(`PUT /auth/v1/user answered ${response.status}: ${await response.text()}`);
}

/** Stores a note through the REST API, as the client's sync does. */
export async function insertNote(
  server: TestServer,
  token: string,
  userId: string,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const response = await fetch(`${server.url}/rest/v1/notes`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify({ user_id: userId, title, content: title, ...fields }),
  });
  if (!response.ok) throw new Error(`POST /rest/v1/notes answered ${response.status}: ${await response.text()}`);
}

/** Writes a note of `user` over its earlier version, as a device's push does; resolves with its id. */
export async function upsertNote(
  server: TestServer,
  user: { token: string; userId: string },
  note: Record<string, unknown>,
): Promise<string> {
  const id = (note.id as string | undefined) ?? randomUUID();
  const response = await fetch(`${server.url}/rest/v1/notes?on_conflict=id`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${user.token}`,
      'Content-Type': 'application/json',
      Prefer: 'resolution=merge-duplicates,return=minimal',
    },
    body: JSON.stringify({
      id,
      user_id: user.userId,
      content: '',
      updated_at: new Date().toISOString(),
      last_mutation_id: randomUUID(),
      ...note,
    }),
  });
  if (!response.ok) throw new Error(`upsert answered ${response.status}: ${await response.text()}`);
  return id;
}
