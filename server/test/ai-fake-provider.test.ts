// The fake AI provider itself: the OpenAI wire format (checked with the official SDK), its auth rule,
// default replies, scripted failures, and the HTTP control endpoints Playwright specs use.
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider, type FakeAiProvider } from '../../test/kit/fake-ai-provider';
import {
  DEFAULT_FALLBACK_REPLY,
  DEFAULT_PLAN_REPLY,
  DEFAULT_QUESTION_REPLY,
  FAKE_FALLBACK_SYSTEM,
  FAKE_PLAN_MARKER,
  splitIntoChunks,
} from '../../test/kit/fake-ai-provider-replies';

let fake: FakeAiProvider;
let client: OpenAI;

beforeAll(async () => {
  fake = await startFakeAiProvider();
  client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, organization: null, project: null });
});
afterAll(async () => fake?.close());
afterEach(() => fake.reset());

const ask = (system: string, stream = false) =>
  fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk-test', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: 'm',
      stream,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'x' },
      ],
    }),
  });

describe('wire format', () => {
  it('streams chat.completion.chunk events ending in [DONE]', async () => {
    fake.script({ kind: 'text', deltas: ['Hel', 'lo'] });
    const text = await (await ask('hi', true)).text();
    const blocks = text.split('\n\n').filter(Boolean);
    expect(blocks[0]).toBe(': OPENROUTER PROCESSING');
    const chunks = blocks.slice(1, -1).map((b) => JSON.parse(b.replace(/^data: /, '')) as Record<string, unknown>);
    expect(chunks.map((c) => (c.choices as { delta: { content?: string } }[])[0]?.delta.content)).toEqual([
      '',
      'Hel',
      'lo',
      undefined,
    ]);
    expect(chunks[1]).toMatchObject({
      object: 'chat.completion.chunk',
      model: 'm',
      choices: [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }],
    });
    expect(chunks[3]).toMatchObject({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    expect(blocks.at(-1)).toBe('data: [DONE]');
  });

  it('is read correctly by the official SDK, streamed and not', async () => {
    const stream = await client.chat.completions.create({
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'x' }],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(DEFAULT_QUESTION_REPLY);
    const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(completion.choices[0]?.message.content).toBe(DEFAULT_QUESTION_REPLY);
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toContain('openai/gpt-4o-mini');
  });

  it('chooses the default reply by the system prompt', async () => {
    const content = async (system: string) =>
      ((await (await ask(system)).json()) as { choices: { message: { content: string } }[] }).choices[0]?.message
        .content;
    expect(await content(`Rules.\n${FAKE_PLAN_MARKER}: headings`)).toBe(DEFAULT_PLAN_REPLY);
    expect(await content(FAKE_FALLBACK_SYSTEM)).toBe(DEFAULT_FALLBACK_REPLY);
    expect(await content('Ask questions')).toBe(DEFAULT_QUESTION_REPLY);
    expect(fake.requests.map((r) => r.flavour)).toEqual(['plan', 'fallback', 'conversation']);
  });

  it('splits text into chunks that join back to it', () => {
    expect(splitIntoChunks('one two three four five', 2)).toEqual(['one two three ', 'four five']);
    expect(splitIntoChunks('one', 8)).toEqual(['one']);
    expect(splitIntoChunks(DEFAULT_PLAN_REPLY, 8).join('')).toBe(DEFAULT_PLAN_REPLY);
  });
});

describe('auth', () => {
  it('answers 401 without a bearer key, or for a key starting with "bad"', async () => {
    const none = await fetch(`${fake.url}/models`);
    expect(none.status).toBe(401);
    const bad = await fetch(`${fake.url}/models`, { headers: { Authorization: 'Bearer bad-key' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { message: 'User not found.', code: 401 } });
    expect(fake.requests.map((r) => r.served)).toEqual(['unauthorized', 'unauthorized']);
  });
});

describe('scripted replies', () => {
  it('answers in order, per endpoint, then falls back to the default', async () => {
    fake.script(
      { kind: 'error', status: 503 },
      { kind: 'models', ids: ['only'] },
      { kind: 'error', status: 429, retryAfter: 9 },
    );
    const models = await fetch(`${fake.url}/models`, { headers: { Authorization: 'Bearer k' } });
    expect(((await models.json()) as { data: unknown[] }).data).toHaveLength(1);
    expect((await ask('x')).status).toBe(503);
    const limited = await ask('x');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9');
    expect((await ask('x')).status).toBe(200);
  });

  it('keeps a reply with `match` for the request whose body contains it', async () => {
    fake.script({ kind: 'error', status: 500, match: 'idea-from-test-A' });
    expect((await ask('idea-from-test-B')).status).toBe(200);
    expect((await ask('my idea-from-test-A here')).status).toBe(500);
    expect((await ask('idea-from-test-A')).status).toBe(200);
  });

  it('uses a responder function when the queue is empty', async () => {
    fake.respondWith((request) => (request.stream ? { kind: 'text', text: 'streamed' } : undefined));
    expect(await (await ask('x', true)).text()).toContain('"content":"streamed"');
    expect(
      ((await (await ask('x')).json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content,
    ).toBe(DEFAULT_QUESTION_REPLY);
  });

  it('cuts a stream after K chunks without ending it properly', async () => {
    fake.script({ kind: 'text', deltas: ['a', 'b', 'c'], cutAfterChunks: 1 });
    const response = await ask('x', true);
    await expect(response.text()).rejects.toThrow();
    await fake.waitFor((requests) => requests[0]?.closedEarly === true);
    expect(fake.requests[0]).toMatchObject({ deltasSent: 1, completed: false });
  });

  it('sends garbage with a 200', async () => {
    fake.script({ kind: 'garbage', body: 'not json at all' });
    const response = await ask('x');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('not json at all');
  });
});

describe('HTTP control endpoints', () => {
  it('scripts, lists, releases and resets over HTTP', async () => {
    expect(await (await fetch(`${fake.origin}/__health`)).json()).toEqual({ ok: true });
    const scripted = await fetch(`${fake.origin}/__script`, {
      method: 'POST',
      body: JSON.stringify({
        replies: [
          { kind: 'text', deltas: ['x', 'y'], holdAfterChunks: 1 },
          { kind: 'error', status: 401 },
        ],
      }),
    });
    expect(await scripted.json()).toEqual({ queued: 2 });
    const held = ask('x', true).then((r) => r.text());
    await fake.waitFor((requests) => requests[0]?.deltasSent === 1);
    expect(fake.requests[0]?.completed).toBe(false);
    await fetch(`${fake.origin}/__release`, { method: 'POST' });
    expect(await held).toContain('data: [DONE]');
    expect((await ask('x')).status).toBe(401);

    const listed = (await (await fetch(`${fake.origin}/__requests`)).json()) as {
      path: string;
      body: { stream?: boolean };
    }[];
    expect(listed.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
    expect(listed[0]?.body.stream).toBe(true);

    fake.script({ kind: 'error', status: 500 });
    await fetch(`${fake.origin}/__reset`, { method: 'POST' });
    expect(fake.requests).toHaveLength(0);
    expect((await ask('x')).status).toBe(200);
  });

  it("forgets one test's scripted replies and the requests that mention its tag, and nothing else", async () => {
    fake.script(
      { kind: 'error', status: 401, match: 'tag-a' },
      { kind: 'error', status: 429, match: 'tag-b' },
      { kind: 'error', status: 500, match: 'tag-a' },
    );
    expect((await ask('about tag-a')).status).toBe(401);
    expect((await ask('about something else')).status).toBe(200);
    const forgot = await fetch(`${fake.origin}/__forget`, { method: 'POST', body: JSON.stringify({ match: 'tag-a' }) });
    expect(await forgot.json()).toEqual({ queued: 1, requests: 1 });
    expect(fake.requests.map((r) => JSON.stringify(r.body).includes('something else'))).toEqual([true]);
    // The other test's reply is still there; this test's second one is gone.
    expect((await ask('about tag-a and tag-b')).status).toBe(429);
    expect((await ask('about tag-a')).status).toBe(200);
    expect((await fetch(`${fake.origin}/__forget`, { method: 'POST', body: '{}' })).status).toBe(400);
  });

  it('refuses a script it cannot read', async () => {
    for (const body of ['{}', '{"replies": []}', '{"replies": [{"kind": "nonsense"}]}', 'not json']) {
      const response = await fetch(`${fake.origin}/__script`, { method: 'POST', body });
      expect(response.status).toBe(400);
    }
  });
});
