// 'Ask your notes' (issue 34, item 3), POST /api/ai/ask, against the fake provider, on PGlite and on
// PostgreSQL: an answer written from the notes search by meaning found, with its citations checked (an
// invented one taken out, never a source), nothing found said without a model call, a kept-out or trashed
// note never given to the model, and the catalogue's errors before and during the stream.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ASK_MARKER, FAKE_TAGS_MARKER } from '../../test/kit/fake-ai-provider-replies';
import { ASK_PROMPT_MARKER, NOTHING_FOUND_ANSWER } from '../src/ai/meaning/ask';
import { readTagReply, TAG_PROMPT_MARKER } from '../src/ai/meaning/tag-suggestions';
import { api, lastEvent, signIn, startAiTestBed, streamTurn, type AiTestBed, upsertNote } from './ai-support';

let bed: AiTestBed;
let user: { token: string; userId: string };
const notes: Record<string, string> = {};

const write = (note: Record<string, unknown>) => upsertNote(bed.server, user, note);

beforeAll(async () => {
  bed = await startAiTestBed();
  user = await signIn(bed.server);
  notes.podcast = await write({ title: 'Podcast launch', content: 'The budget for the audio show is 400 euros.' });
  notes.cello = await write({ title: 'Learn the cello', content: 'A weekly lesson with a teacher.' });
  notes.diary = await write({ title: 'Diary', content: 'My salary and career worries.', ai_excluded: true });
  await api(bed.server, '/assistant/settings', user.token, { method: 'PUT', body: { enabled: true } });
  await bed.server.app.assistant.indexer.runOnce();
});
afterAll(async () => bed?.close());
afterEach(() => bed.fake.reset());

const ask = (question: string) => streamTurn(bed.server, '/ai/ask', user.token, { question });
const askPrompts = () =>
  bed.fake.requests.filter((request) => request.endpoint === 'chat').map((request) => JSON.stringify(request.body));

describe('POST /api/ai/ask', () => {
  it('answers from the notes it found, citing a source that opens the note', async () => {
    const { response, events } = await ask('How much money do we need for the podcast?');
    expect(response.status).toBe(200);
    expect(lastEvent(events)).toEqual({
      event: 'done',
      data: {
        text: 'Your note "Podcast launch" says: The budget for the audio show is 400 euros. [1]',
        sources: [{ n: 1, noteId: notes.podcast, title: 'Podcast launch' }],
        usingFallback: false,
      },
    });
    const [prompt] = askPrompts();
    expect(prompt).toContain(ASK_PROMPT_MARKER);
    expect(prompt).toContain('[1] Podcast launch');
    expect(prompt).not.toContain('Learn the cello');
  });

  it('takes out a citation the model invents, and never lists it as a source', async () => {
    bed.fake.script({ kind: 'text', text: 'The budget is 400 euros [1], and the venue is booked [4].' });
    const { events } = await ask('What is the podcast budget?');
    expect(lastEvent(events)?.data).toMatchObject({
      text: 'The budget is 400 euros [1], and the venue is booked.',
      sources: [{ n: 1, noteId: notes.podcast, title: 'Podcast launch' }],
    });
  });

  it('drops a source whose note went to the Trash while the answer was written', async () => {
    bed.fake.script({ kind: 'text', text: 'The budget is 400 euros [1].', hold: true });
    const asking = ask('What is the podcast budget?');
    await bed.fake.waitFor((requests) => requests.some((request) => request.endpoint === 'chat'));
    await write({ id: notes.podcast, title: 'Podcast launch', content: 'x', trashed_at: new Date().toISOString() });
    bed.fake.release();
    const { events } = await asking;
    expect(lastEvent(events)?.data).toMatchObject({ text: 'The budget is 400 euros.', sources: [] });
    await write({
      id: notes.podcast,
      title: 'Podcast launch',
      content: 'The budget for the audio show is 400 euros.',
      trashed_at: null,
    });
    await bed.server.app.assistant.indexer.runOnce();
  });

  it('says it found nothing, without asking the model, when no note is close in meaning', async () => {
    const { events } = await ask('Which car insurance did I choose?');
    expect(lastEvent(events)).toEqual({
      event: 'done',
      data: { text: NOTHING_FOUND_ANSWER, sources: [], usingFallback: false },
    });
    expect(askPrompts()).toEqual([]);
  });

  it('never gives the model a note kept out of the assistant', async () => {
    const { events } = await ask('What are my career and salary worries?');
    expect(lastEvent(events)?.data).toMatchObject({ text: NOTHING_FOUND_ANSWER, sources: [] });
    expect(bed.fake.requests.flatMap((request) => JSON.stringify(request.body ?? '')).join('')).not.toContain(
      'salary and career worries',
    );
  });

  it("reports the provider's failure in the stream, with no fallback answer from nothing", async () => {
    bed.fake.script({ kind: 'error', status: 500 });
    const { events } = await ask('What is the podcast budget?');
    expect(lastEvent(events)).toMatchObject({ event: 'error', data: { code: 'provider_error' } });
    expect(askPrompts()).toHaveLength(1);
  });

  it('refuses before any stream: the setting off, an empty question, a visitor', async () => {
    const other = await signIn(bed.server);
    const off = await api(bed.server, '/ai/ask', other.token, { body: { question: 'Anything?' } });
    expect(off.status).toBe(409);
    expect(await off.json()).toMatchObject({ error: 'assistant_off' });
    const empty = await api(bed.server, '/ai/ask', user.token, { body: { question: '  ' } });
    expect(empty.status).toBe(400);
    const extra = await api(bed.server, '/ai/ask', user.token, { body: { question: 'x', notes: [] } });
    expect(extra.status).toBe(400);
    expect((await api(bed.server, '/ai/ask', null, { body: { question: 'x' } })).status).toBe(401);
  });

  it('tells the /new conversation about a note that may be the same project, and nothing while the setting is off', async () => {
    const idea = { messages: [{ role: 'user', content: 'I want to start a radio series about money' }] };
    await streamTurn(bed.server, '/ai/conversation', user.token, idea);
    const [chat] = bed.fake.requests.filter((request) => request.endpoint === 'chat');
    const system = (chat!.body as { messages: { role: string; content: string }[] }).messages[0]!.content;
    expect(system).toContain('"Podcast launch" (last changed');
    expect(system).toContain('is this the same project?');
    expect(system).not.toContain('Learn the cello');

    bed.fake.reset();
    const other = await signIn(bed.server);
    await streamTurn(bed.server, '/ai/conversation', other.token, idea);
    expect(bed.fake.requests.map((request) => request.endpoint)).toEqual(['chat']);
    expect(JSON.stringify(bed.fake.requests[0]!.body)).not.toContain('same project');
  });

  it("shares the prompt's marker with the fake provider", () => {
    expect(FAKE_ASK_MARKER).toBe(ASK_PROMPT_MARKER);
  });
});

// Tags for a plan being saved on /new (issue 34, item 4).
describe('POST /api/assistant/suggest-tags', () => {
  const suggest = (body: unknown, token: string | null = user.token) =>
    api(bed.server, '/assistant/suggest-tags', token, { body });
  const plan = {
    title: 'Autumn garden podcast',
    text: 'A weekly audio show about the garden: budget, guests and a launch in October.',
    existingTags: ['work', 'garden', 'audio', 'travel'],
  };

  it("suggests up to three tags, the user's own first, from one completion that lists their tags", async () => {
    const response = await suggest(plan);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      tags: [
        { tag: 'garden', existing: true },
        { tag: 'audio', existing: true },
        { tag: 'autumn', existing: false },
      ],
    });
    const [chat] = bed.fake.requests.filter((request) => request.endpoint === 'chat');
    expect(chat!.stream).toBe(false);
    expect(JSON.stringify(chat!.body)).toContain('most used first: work, garden, audio, travel.');
  });

  it('keeps only valid tags, each once, never more than three, whatever the model writes', async () => {
    bed.fake.script({ kind: 'text', text: '- Brand New, #garden\n2. GARDEN; !!!, side project, x, y' });
    expect(await (await suggest(plan)).json()).toEqual({
      tags: [
        { tag: 'garden', existing: true },
        { tag: 'brand-new', existing: false },
        { tag: 'side-project', existing: false },
      ],
    });
    expect(readTagReply('"travel".', ['travel'])).toEqual([{ tag: 'travel', existing: true }]);
  });

  it("reports the provider's failure as the chat's errors, and refuses bad input, the setting off and a visitor", async () => {
    bed.fake.script({ kind: 'error', status: 429 });
    const limited = await suggest(plan);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });

    expect((await suggest({ ...plan, existingTags: 'garden' })).status).toBe(400);
    expect((await suggest({ ...plan, extra: 1 })).status).toBe(400);
    expect((await suggest({ title: 5, text: '' })).status).toBe(400);
    const other = await signIn(bed.server);
    const off = await suggest(plan, other.token);
    expect(off.status).toBe(409);
    expect(await off.json()).toMatchObject({ error: 'assistant_off' });
    expect((await suggest(plan, null)).status).toBe(401);
    expect(bed.fake.requests.filter((request) => request.endpoint === 'chat')).toHaveLength(1);
  });

  it("shares the prompt's marker with the fake provider", () => {
    expect(FAKE_TAGS_MARKER).toBe(TAG_PROMPT_MARKER);
  });
});
