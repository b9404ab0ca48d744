// The fake provider's deterministic embeddings (synonyms meet, without model weights) and its
// POST /v1/embeddings endpoint: OpenAI's wire format, its validation, and failures scripted per endpoint.
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider, type FakeAiProvider } from './fake-ai-provider';
import { contentStems, cosine, FAKE_THESAURUS, fakeEmbedding, fakeFeatures, stem } from './fake-embeddings';

const norm = (v: number[]) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
const similarity = (a: string, b: string, dimensions?: number) =>
  cosine(fakeEmbedding(a, dimensions), fakeEmbedding(b, dimensions));

describe('fakeEmbedding', () => {
  it('is deterministic', () => {
    const text = 'Podcast launch budget: book the studio, price the microphones';
    expect(fakeEmbedding(text)).toEqual(fakeEmbedding(text));
    expect(fakeEmbedding(text, 1536)).toEqual(fakeEmbedding(text, 1536));
    // Pinned, so that a change to the features (which an evaluation's figures rest on) is seen here.
    expect(fakeFeatures(text)).toEqual([
      'concept:podcast',
      'concept:launch',
      'concept:budget',
      'concept:book',
      'word:studio',
      'concept:budget',
      'word:microphon',
    ]);
  });

  it('has unit length at any size, and a fixed unit vector for text without content words', () => {
    for (const dimensions of [1, 8, 256, 1536]) {
      for (const text of ['Car insurance renewal', 'a', '', 'the and of it', '🌱 ✓']) {
        const vector = fakeEmbedding(text, dimensions);
        expect(vector).toHaveLength(dimensions);
        expect(vector.every(Number.isFinite)).toBe(true);
        expect(norm(vector)).toBeCloseTo(1, 12);
      }
    }
    expect(fakeEmbedding('', 4)).toEqual([1, 0, 0, 0]);
    expect(fakeEmbedding('of the', 4)).toEqual([1, 0, 0, 0]);
    expect(() => fakeEmbedding('x', 0)).toThrow(RangeError);
    expect(() => fakeEmbedding('x', 2.5)).toThrow(RangeError);
  });

  it('puts synonyms closer than unrelated text, by a clear margin', () => {
    const show = 'Audio show about gardening';
    const synonyms = similarity(show, 'the podcast plan about my vegetable plot');
    const unrelated = similarity(show, 'Car insurance renewal');
    // Two shared concepts out of two and three: 2 / sqrt(2 * 3).
    expect(synonyms).toBeCloseTo(2 / Math.sqrt(6), 6);
    expect(unrelated).toBeLessThan(0.2);
    expect(synonyms - unrelated).toBeGreaterThan(0.6);
  });

  it('finds a paraphrase that shares no content word with its note', () => {
    const note = 'Podcast launch budget';
    const question = 'What money do we need for the audio show debut?';
    expect(contentStems(note).filter((s) => contentStems(question).includes(s))).toEqual([]);
    const paraphrase = similarity(note, question);
    expect(paraphrase).toBeGreaterThan(0.8);
    for (const other of ['Dog vet appointment on Friday', 'Spanish lessons twice a week', 'Fix the leaking boiler']) {
      expect(similarity(other, question)).toBeLessThan(paraphrase - 0.5);
    }
  });

  it('ignores word order, case, accents and inflection', () => {
    expect(fakeEmbedding('plan the garden budget')).toEqual(fakeEmbedding('Budget: GARDEN plan, the'));
    expect(fakeEmbedding('gardens and movies')).toEqual(fakeEmbedding('gardening movie'));
    expect(fakeEmbedding('Café with my fiancée')).toEqual(fakeEmbedding('cafe fiancee'));
    expect(['hiking', 'hikes', 'hike', 'hiked'].map(stem)).toEqual(['hike', 'hike', 'hike', 'hike']);
    expect(['studied', 'studies', 'study'].map(stem)).toEqual(['studi', 'studi', 'studi']);
    expect(stem('plane')).not.toBe(stem('planned'));
  });

  it('has a thesaurus of everyday concepts whose every member finds its own concept', () => {
    const concepts = Object.entries(FAKE_THESAURUS);
    expect(concepts.length).toBeGreaterThanOrEqual(60);
    for (const [concept, members] of concepts) {
      expect(members.length, concept).toBeGreaterThanOrEqual(3);
      for (const member of members) expect(fakeFeatures(member), member).toEqual([`concept:${concept}`]);
    }
  });

  it('refuses to compare vectors of different lengths', () => {
    expect(() => cosine([1, 0], [1, 0, 0])).toThrow(RangeError);
    expect(cosine([0, 0], [1, 0])).toBe(0);
  });
});

describe('POST /v1/embeddings', () => {
  let fake: FakeAiProvider;
  let client: OpenAI;

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, organization: null, project: null });
  });
  afterAll(async () => fake?.close());
  afterEach(() => fake.reset());

  const embed = (body: unknown, key: string | null = 'sk-test') =>
    fetch(`${fake.url}/embeddings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const model = 'openai/text-embedding-3-small';

  it('answers a string in the OpenAI wire format, 1536 dimensions by default', async () => {
    const response = await embed({ model, input: 'Seed potatoes for the allotment' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { embedding: number[] }[] };
    expect(body).toEqual({
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: fakeEmbedding('Seed potatoes for the allotment', 1536) }],
      model,
      usage: { prompt_tokens: 8, total_tokens: 8 },
    });
  });

  it('answers an array in order, at the dimensions asked for', async () => {
    const input = ['Podcast launch budget', 'Car insurance renewal', 'podcast'];
    const body = (await (await embed({ model, input, dimensions: 64, encoding_format: 'float' })).json()) as {
      data: { index: number; embedding: number[] }[];
    };
    expect(body.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(body.data.map((d) => d.embedding)).toEqual(input.map((text) => fakeEmbedding(text, 64)));
  });

  it('sends base64 as little-endian float32 bytes, which the official SDK reads back', async () => {
    const text = 'Budget for the radio episode';
    const body = (await (await embed({ model, input: text, dimensions: 32, encoding_format: 'base64' })).json()) as {
      data: { embedding: string }[];
    };
    const bytes = Buffer.from(body.data[0]?.embedding ?? '', 'base64');
    expect(bytes).toHaveLength(32 * 4);
    const decoded = Array.from({ length: 32 }, (_, i) => bytes.readFloatLE(i * 4));
    expect(decoded).toEqual(fakeEmbedding(text, 32).map(Math.fround));

    const viaSdk = await client.embeddings.create({ model, input: [text, 'vet'], dimensions: 32 });
    expect(fake.requests.at(-1)?.body).toMatchObject({ encoding_format: 'base64' });
    expect(viaSdk.data).toHaveLength(2);
    viaSdk.data[0]?.embedding.forEach((value, i) => expect(value).toBeCloseTo(fakeEmbedding(text, 32)[i] ?? NaN, 6));
  });

  it('refuses what OpenAI refuses, with an invalid_request_error', async () => {
    const cases: [unknown, string][] = [
      [{ model }, 'missing_input'],
      [{ model, input: '' }, 'empty_input'],
      [{ model, input: [] }, 'empty_input'],
      [{ model, input: ['ok', ''] }, 'empty_input'],
      [{ model, input: ['ok', 3] }, 'invalid_input'],
      [{ model, input: [[1, 2, 3]] }, 'invalid_input'],
      [{ model, input: Array.from({ length: 2049 }, () => 'x') }, 'too_many_inputs'],
      [{ model, input: 'x'.repeat(4 * 8192 + 1) }, 'context_length_exceeded'],
      [{ input: 'x' }, 'missing_model'],
      [{ model, input: 'x', encoding_format: 'int8' }, 'invalid_value'],
      [{ model, input: 'x', dimensions: 0 }, 'invalid_value'],
      ['not json', 'invalid_body'],
    ];
    for (const [body, code] of cases) {
      const response = await embed(body);
      expect(response.status, code).toBe(400);
      const error = ((await response.json()) as { error: Record<string, unknown> }).error;
      expect(error, code).toMatchObject({ type: 'invalid_request_error', code });
      expect(error.message, code).toEqual(expect.any(String));
    }
    expect(fake.requests.every((r) => r.endpoint === 'embeddings' && r.served === 'bad_request')).toBe(true);
    // 2048 inputs are allowed.
    expect((await embed({ model, input: Array.from({ length: 2048 }, () => 'x'), dimensions: 4 })).status).toBe(200);
  });

  it('asks for a key as chat does', async () => {
    expect((await embed({ model, input: 'x' }, null)).status).toBe(401);
    const bad = await embed({ model, input: 'x' }, 'bad-key');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { message: 'User not found.', code: 401 } });
    expect(fake.requests.map((r) => r.served)).toEqual(['unauthorized', 'unauthorized']);
  });

  it('takes scripted failures from its own queue: 429, 500, garbage, empty', async () => {
    fake.script(
      { kind: 'error', status: 503 },
      { kind: 'error', status: 429, retryAfter: 7, endpoint: 'embeddings' },
      { kind: 'error', status: 500, endpoint: 'embeddings' },
      { kind: 'garbage', body: '<html>oops</html>', endpoint: 'embeddings' },
      { kind: 'empty', endpoint: 'embeddings' },
    );
    const limited = await embed({ model, input: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toEqual({
      error: { message: 'Rate limit exceeded: free-models-per-min.', code: 429 },
    });
    expect((await embed({ model, input: 'x' })).status).toBe(500);
    const garbage = await embed({ model, input: 'x' });
    expect([garbage.status, await garbage.text()]).toEqual([200, '<html>oops</html>']);
    expect(await (await embed({ model, input: 'x' })).json()).toMatchObject({ object: 'list', data: [] });
    expect((await embed({ model, input: 'x' })).status).toBe(200);
    expect(fake.requests.map((r) => r.served)).toEqual(['error', 'error', 'garbage', 'empty', 'default']);

    // The chat reply scripted first is still waiting for chat.
    const chat = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer k' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(chat.status).toBe(503);
  });

  it('scripts over HTTP, by match, through a responder, and holds a request until released', async () => {
    await fetch(`${fake.origin}/__script`, {
      method: 'POST',
      body: JSON.stringify({ replies: [{ kind: 'error', status: 500, endpoint: 'embeddings', match: 'note-b' }] }),
    });
    expect((await embed({ model, input: ['note-a'] })).status).toBe(200);
    expect((await embed({ model, input: ['note-a', 'note-b'] })).status).toBe(500);

    fake.respondWith((request) => (request.inputs?.includes('boom') ? { kind: 'error', status: 401 } : undefined));
    expect((await embed({ model, input: 'boom' })).status).toBe(401);
    fake.respondWith(null);

    fake.script({ kind: 'default', endpoint: 'embeddings', hold: true });
    const held = embed({ model, input: 'held' });
    await fake.waitFor((requests) => requests.some((r) => r.inputs?.[0] === 'held'));
    expect(fake.requests.at(-1)?.completed).toBe(false);
    fake.release();
    expect((await held).status).toBe(200);
  });

  it('records what it was sent', async () => {
    await embed({ model, input: ['First note', 'Second note'], dimensions: 8 });
    await embed({ model: 'other-model', input: 'Third note' });
    expect(fake.requests.map(({ endpoint, path, model: m, inputs }) => ({ endpoint, path, model: m, inputs }))).toEqual(
      [
        { endpoint: 'embeddings', path: '/v1/embeddings', model, inputs: ['First note', 'Second note'] },
        { endpoint: 'embeddings', path: '/v1/embeddings', model: 'other-model', inputs: ['Third note'] },
      ],
    );
    expect(fake.requests.flatMap((r) => r.inputs ?? [])).not.toContain('Kept-out note');
    const listed = (await (await fetch(`${fake.origin}/__requests`)).json()) as { inputs: string[] }[];
    expect(listed.map((r) => r.inputs)).toEqual([['First note', 'Second note'], ['Third note']]);
  });
});
