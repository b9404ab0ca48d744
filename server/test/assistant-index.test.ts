// The assistant's index of meaning (issue 34) against the fake provider's embeddings, on PGlite and on
// PostgreSQL: off until the user turns it on; indexing follows edits, the Trash and restores, and costs no
// embedding for a write that leaves the text as it was; search by meaning finds a paraphrase and never
// another user's notes; the provider failing leaves notes and the index as they were; one indexer at a
// time; turning it off deletes the vectors; a new model rebuilds the index.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createIndexer } from '../src/ai/meaning/indexer';
import { TEST_PASSWORD } from '../../test/kit/test-server';
import { api, signIn, startAiTestBed, type AiTestBed, upsertNote } from './ai-support';

let bed: AiTestBed;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };

beforeAll(async () => {
  bed = await startAiTestBed();
  alice = await signIn(bed.server);
  bob = await signIn(bed.server);
});
afterAll(async () => bed?.close());
afterEach(() => bed.fake.reset());

const indexer = () => bed.server.app.assistant.indexer;
const embeddedInputs = () => bed.fake.requests.flatMap((request) => request.inputs ?? []);

const write = (user: { token: string; userId: string }, note: Record<string, unknown>) =>
  upsertNote(bed.server, user, note);

const setEnabled = (user: { token: string }, enabled: boolean) =>
  api(bed.server, '/assistant/settings', user.token, { method: 'PUT', body: { enabled } });

async function search(user: { token: string }, query: string) {
  const response = await api(bed.server, '/assistant/search', user.token, { body: { query } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const titles = async (user: { token: string }, query: string) =>
  ((await search(user, query)).body.matches as { title: string }[]).map((match) => match.title);

const chunkCount = async (userId: string) =>
  Number(
    (
      await bed.server.ctx.db
        .selectFrom('private.note_chunks')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the assistant's index of meaning", () => {
  let podcast: string;

  it('is off until the user turns it on: no embedding, and search by meaning says how to turn it on', async () => {
    podcast = await write(alice, {
      title: 'Audio show about gardening',
      content: 'Ten episodes on growing vegetables.',
    });
    await write(alice, { title: 'Car insurance renewal', content: 'Compare three quotes before March.' });
    await write(alice, { title: 'Learn the cello', content: 'Weekly lesson with a teacher.' });
    expect(await indexer().runOnce()).toMatchObject({ embedded: 0 });
    expect(embeddedInputs()).toEqual([]);
    const off = await search(alice, 'the podcast plan');
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ error: 'assistant_off' });
    expect(await (await api(bed.server, '/assistant/status', alice.token)).json()).toEqual({
      enabled: false,
      leaveOutArchived: false,
      model: 'openai/text-embedding-3-small',
      indexedNotes: 0,
      pendingNotes: 0,
    });
  });

  it('once on, indexes every note and finds one by what it means, with the passage that matched', async () => {
    const on = await setEnabled(alice, true);
    expect(await on.json()).toMatchObject({ enabled: true, indexedNotes: 0, pendingNotes: 3 });
    expect(await indexer().runOnce()).toMatchObject({ ran: true, embedded: 3, failed: 0 });
    expect(await (await api(bed.server, '/assistant/status', alice.token)).json()).toMatchObject({
      indexedNotes: 3,
      pendingNotes: 0,
    });
    // No content word of the query is in the note: only its meaning is.
    const found = await search(alice, 'the podcast plan');
    expect(found.status).toBe(200);
    expect((found.body.matches as unknown[])[0]).toMatchObject({
      noteId: podcast,
      title: 'Audio show about gardening',
      passage: 'Ten episodes on growing vegetables.',
      score: expect.any(Number),
    });
    // The query reached the provider; nothing else did.
    expect(embeddedInputs().at(-1)).toBe('the podcast plan');
  });

  it('follows an edit, and a write that leaves the text as it was costs no embedding', async () => {
    await write(alice, { id: podcast, title: 'Audio show about gardening', content: 'A radio series on roses.' });
    bed.fake.reset();
    expect(await indexer().runOnce()).toMatchObject({ embedded: 1 });
    expect(embeddedInputs()).toEqual(['Audio show about gardening\n\nA radio series on roses.']);
    await write(alice, {
      id: podcast,
      title: 'Audio show about gardening',
      content: 'A radio series on roses.',
      pinned_at: new Date().toISOString(),
    });
    bed.fake.reset();
    expect(await indexer().runOnce()).toMatchObject({ embedded: 0 });
    expect(embeddedInputs()).toEqual([]);
    expect((await search(alice, 'podcast about flowers')).body.matches).toEqual(
      expect.arrayContaining([expect.objectContaining({ noteId: podcast, passage: 'A radio series on roses.' })]),
    );
    expect((await titles(alice, 'podcast about flowers'))[0]).toBe('Audio show about gardening');
  });

  it('never returns a note in the Trash, even before the indexer has seen the move, and takes it back on restore', async () => {
    const trashedAt = new Date().toISOString();
    await write(alice, {
      id: podcast,
      title: 'Audio show about gardening',
      content: 'A radio series on roses.',
      trashed_at: trashedAt,
    });
    expect(await titles(alice, 'the podcast plan')).not.toContain('Audio show about gardening');
    expect(await indexer().runOnce()).toMatchObject({ removed: 1 });
    expect(await chunkCount(alice.userId)).toBe(2);
    await write(alice, {
      id: podcast,
      title: 'Audio show about gardening',
      content: 'A radio series on roses.',
      trashed_at: null,
    });
    expect(await indexer().runOnce()).toMatchObject({ embedded: 1 });
    expect((await titles(alice, 'the podcast plan'))[0]).toBe('Audio show about gardening');
  });

  it('never sends a kept-out note to the provider, and drops a note from the index when it is kept out', async () => {
    bed.fake.reset();
    await write(alice, { title: 'Diary', content: 'Private thoughts about my job.', ai_excluded: true });
    await write(alice, {
      id: podcast,
      title: 'Audio show about gardening',
      content: 'A radio series on roses.',
      ai_excluded: true,
    });
    expect(await titles(alice, 'the podcast plan')).not.toContain('Audio show about gardening');
    expect(await indexer().runOnce()).toMatchObject({ embedded: 0, removed: 1 });
    expect(embeddedInputs().join(' ')).not.toMatch(/Diary|Private thoughts|roses/);
    expect(await titles(alice, 'career')).not.toContain('Diary');
    await write(alice, {
      id: podcast,
      title: 'Audio show about gardening',
      content: 'A radio series on roses.',
      ai_excluded: false,
    });
    expect(await indexer().runOnce()).toMatchObject({ embedded: 1 });
  });

  it('lists the notes related to a note by meaning, with the passage that matched, never the note itself', async () => {
    const plot = await write(alice, { title: 'Vegetable plot', content: 'Dig the beds and plant roses in April.' });
    await indexer().runOnce();
    bed.fake.reset();
    const related = await api(bed.server, `/assistant/notes/${podcast}/related`, alice.token);
    expect(related.status).toBe(200);
    const { matches } = (await related.json()) as { matches: { noteId: string; passage: string }[] };
    expect(matches[0]).toMatchObject({ noteId: plot, passage: 'Dig the beds and plant roses in April.' });
    expect(matches.map((match) => match.noteId)).not.toContain(podcast);
    // From the index alone: the provider is not asked.
    expect(bed.fake.requests).toEqual([]);
    expect((await api(bed.server, `/assistant/notes/${podcast}/related`, bob.token)).status).toBe(409);
    expect((await api(bed.server, '/assistant/notes/not-a-note/related', alice.token)).status).toBe(400);
    await write(alice, { id: plot, title: 'Vegetable plot', content: 'x', trashed_at: new Date().toISOString() });
  });

  it('leaves archived notes out when the user says so, and takes them back when not', async () => {
    const archived = await write(alice, {
      title: 'Old podcast pitch',
      content: 'An audio show about roses.',
      archived_at: new Date().toISOString(),
    });
    await indexer().runOnce();
    expect(await titles(alice, 'podcast about flowers')).toContain('Old podcast pitch');
    const saved = await api(bed.server, '/assistant/settings', alice.token, {
      method: 'PUT',
      body: { enabled: true, leaveOutArchived: true },
    });
    expect(await saved.json()).toMatchObject({ enabled: true, leaveOutArchived: true });
    // Left out at once, before the indexer has read the notes again.
    expect(await titles(alice, 'podcast about flowers')).not.toContain('Old podcast pitch');
    bed.fake.reset();
    expect(await indexer().runOnce()).toMatchObject({ embedded: 0, removed: 1 });
    await api(bed.server, '/assistant/settings', alice.token, {
      method: 'PUT',
      body: { enabled: true, leaveOutArchived: false },
    });
    expect(await indexer().runOnce()).toMatchObject({ embedded: 1, removed: 0 });
    expect(await titles(alice, 'podcast about flowers')).toContain('Old podcast pitch');
    await write(alice, {
      id: archived,
      title: 'Old podcast pitch',
      content: 'x',
      trashed_at: new Date().toISOString(),
    });
    await indexer().runOnce();
  });

  it("never finds another user's notes", async () => {
    await setEnabled(bob, true);
    await write(bob, { title: 'Vegetable plot', content: 'Dig the beds in April.' });
    await indexer().runOnce();
    expect(await titles(bob, 'the podcast plan')).toEqual(['Vegetable plot']);
    expect(await titles(alice, 'vegetable plot')).not.toContain('Vegetable plot');
  });

  it('leaves notes, sync and the index as they were when the provider fails, and catches up later', async () => {
    await write(alice, { title: 'Wedding speech', content: 'Thank the guests first.' });
    bed.fake.script({ kind: 'error', status: 500, endpoint: 'embeddings' });
    const failed = await indexer().runOnce();
    expect(failed).toMatchObject({ failed: 1, embedded: 0 });
    // The note is there and readable; the index waits (the user is tried again after a back-off).
    const list = await fetch(`${bed.server.url}/rest/v1/notes?select=title`, {
      headers: { apikey: bed.server.anonKey, Authorization: `Bearer ${alice.token}` },
    });
    expect(((await list.json()) as { title: string }[]).map((note) => note.title)).toContain('Wedding speech');
    expect(await indexer().runOnce()).toMatchObject({ embedded: 0 });
    expect(await indexer().runOnce(undefined, Date.now() + 60_000)).toMatchObject({ embedded: 1, failed: 0 });

    bed.fake.script({ kind: 'error', status: 429, retryAfter: 7, endpoint: 'embeddings' });
    const limited = await api(bed.server, '/assistant/search', alice.token, { body: { query: 'marriage toast' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('runs one indexer at a time on a database: another server waits for the lease', async () => {
    const other = createIndexer(
      bed.server.ctx.db,
      bed.server.app.assistant.embedder,
      { warn() {}, error() {} },
      {
        holder: 'another-server',
        leaseMs: 60_000,
      },
    );
    expect(await other.runOnce()).toMatchObject({ ran: false });
    // A server that stops gives the lease up: the next one indexes at once, not after the lease runs out.
    await indexer().release();
    expect(await other.runOnce()).toMatchObject({ ran: true });
    await other.release();

    // Two servers running at the same moment after an edit: the change is embedded once.
    const carol = await signIn(bed.server);
    await setEnabled(carol, true);
    await write(carol, { title: 'Two servers', content: 'A lighthouse keeper logbook, written once.' });
    bed.fake.reset();
    const runs = await Promise.all([indexer().runOnce(), other.runOnce()]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(embeddedInputs().filter((input) => input.includes('lighthouse keeper'))).toHaveLength(1);
    await setEnabled(carol, false);
    await indexer().release();
    await other.release();
  });

  it('rebuilds the index for a new model, and deletes it when the user turns it off', async () => {
    const { embedder } = bed.server.app.assistant;
    const newModel = { model: 'openai/text-embedding-3-large', embed: embedder.embed.bind(embedder) };
    // The lease is this server's: the same holder with another model, as after a restart with a new setting.
    await bed.server.ctx.db.deleteFrom('private.assistant_indexer_lease').execute();
    const rebuilt = createIndexer(
      bed.server.ctx.db,
      newModel,
      { warn() {}, error() {} },
      { holder: 'next', leaseMs: 60_000 },
    );
    expect(await rebuilt.runOnce()).toMatchObject({ embedded: 4 + 1 });
    const models = await bed.server.ctx.db.selectFrom('private.note_chunks').select('model').distinct().execute();
    expect(models).toEqual([{ model: 'openai/text-embedding-3-large' }]);
    await bed.server.ctx.db.deleteFrom('private.assistant_indexer_lease').execute();

    expect(await chunkCount(alice.userId)).toBeGreaterThan(0);
    const off = await setEnabled(alice, false);
    expect(await off.json()).toMatchObject({ enabled: false, indexedNotes: 0 });
    expect(await chunkCount(alice.userId)).toBe(0);
    expect((await search(alice, 'the podcast plan')).status).toBe(409);
  });

  it("goes with the account: a deleted user's vectors are deleted with it", async () => {
    expect(await chunkCount(bob.userId)).toBeGreaterThan(0);
    const removed = await api(bed.server, '/account', bob.token, {
      method: 'DELETE',
      body: { current_password: TEST_PASSWORD },
    });
    expect(removed.status).toBe(204);
    expect(await chunkCount(bob.userId)).toBe(0);
    const left = await bed.server.ctx.db
      .selectFrom('private.note_index_state')
      .select('note_id')
      .where('user_id', '=', bob.userId)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a malformed request with a clear error', async () => {
    const empty = await api(bed.server, '/assistant/search', alice.token, { body: { query: '   ' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'query: query must not be empty' });
    const extra = await api(bed.server, '/assistant/settings', alice.token, {
      method: 'PUT',
      body: { enabled: 'yes' },
    });
    expect(extra.status).toBe(400);
    const visitor = await api(bed.server, '/assistant/search', null, { body: { query: 'x' } });
    expect(visitor.status).toBe(401);
  });
});
