// Search by meaning and the assistant's index (issue 34), through the real server on PostgreSQL with the
// test kit's fake provider answering /embeddings in this process:
// - search: one user with 20,000 passages (5,000 notes of four paragraphs); POST /api/assistant/search
//   timed from the request to the answer, less the provider's part (the same query embedded by the fake
//   directly, just before), p95 of a round's searches; beside a plain SELECT of the same rows (the
//   user's passages and embeddings) on the same database, p95 of as many reads;
// - the first search after the index changed, which reads the user's passages again, beside that SELECT;
// - indexing: 5,000 notes (20,000 passages) from the setting turned on to the status saying nothing is
//   left, beside the provider's own time for the same passages in the same batches of 64;
// - from an edit to being found by meaning, with the server's default indexing interval (15 s).
import { randomUUID } from 'node:crypto';
import { notePassages } from '#core/assistant-passages';
import { startFakeAiProvider } from '../../test/kit/fake-ai-provider';
import { openPostgres, postgresTarget } from '../lib/databases';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { quantile, toRow, type Row } from '../lib/row';
import { postNotes, signUp, startSprout, type BenchUser } from '../lib/sprout';

const NOTES = 5000;
const SEARCHES = 40;
const BATCH = 64;
const MODEL = 'openai/text-embedding-3-small';

const WORDS =
  'garden budget podcast launch trip holiday doctor lesson recipe dinner house rent car repair wedding speech kids school dog walk book novel run marathon job interview course study money plan ticket concert'.split(
    ' ',
  );

/** A note of four paragraphs of about 1,000 characters each: four passages. */
function longNote(userId: string, n: number) {
  const paragraph = (p: number) =>
    Array.from({ length: 150 }, (_, i) => WORDS[(n * 7 + p * 13 + i * 3) % WORDS.length]).join(' ');
  const at = new Date(Date.now() - n * 60_000).toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    title: `Note ${n + 1}`,
    content: [0, 1, 2, 3].map(paragraph).join('\n\n'),
    created_at: at,
    updated_at: at,
    last_mutation_id: randomUUID(),
  };
}

async function call(user: BenchUser, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${user.url}${path}`, {
    method: body === undefined ? 'GET' : path.endsWith('settings') ? 'PUT' : 'POST',
    headers: { ...user.headers, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Writes one note over its earlier version, as a device's push does. */
async function upsert(user: BenchUser, row: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${user.url}/rest/v1/notes?on_conflict=id`, {
    method: 'POST',
    headers: {
      ...user.headers,
      'Content-Type': 'application/json',
      Prefer: 'resolution=merge-duplicates,return=minimal',
    },
    body: JSON.stringify({ ...row, updated_at: new Date().toISOString(), last_mutation_id: randomUUID() }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`upsert: ${response.status}`);
}

const status = (user: BenchUser) =>
  call(user, '/api/assistant/status') as Promise<{ pendingNotes: number; indexedNotes: number }>;

async function untilIndexed(user: BenchUser): Promise<void> {
  for (;;) {
    const { pendingNotes } = await status(user);
    if (pendingNotes === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function run({ smoke, log }: GroupOptions): Promise<Row[]> {
  const target = await postgresTarget(log);
  if (!target) return [];
  const fake = await startFakeAiProvider();
  const rows: Row[] = [];
  const notes = smoke ? 500 : NOTES;
  const sprout = await startSprout({
    databaseUrl: target.url,
    env: {
      AI_BASE_URL: fake.url,
      OPENROUTER_API_KEY: 'bench-key-0000',
      ASSISTANT_INDEX_INTERVAL_MS: '100',
      RATE_LIMIT_SEARCH: '1000000',
    },
  });
  const sql = openPostgres(target.url);
  try {
    const user = await signUp(sprout.url);
    const written = Array.from({ length: notes }, (_, n) => longNote(user.userId, n));
    // 200 a request: four paragraphs a note stay within the server's body limit.
    for (let i = 0; i < written.length; i += 200) await postNotes(user, written.slice(i, i + 200));

    log(`meaning: indexing ${notes} notes`);
    const began = performance.now();
    await call(user, '/api/assistant/settings', { enabled: true });
    await untilIndexed(user);
    const indexing = performance.now() - began;
    // The provider's own time for the same passages, in the same batches.
    const passages = written.flatMap((note) =>
      notePassages({ ...note, expanded_content: null, checklist_items: null, tags: null }).map((p) => p.embedded),
    );
    const providerBegan = performance.now();
    for (let i = 0; i < passages.length; i += BATCH) {
      const response = await fetch(`${fake.url}/embeddings`, {
        method: 'POST',
        headers: { Authorization: 'Bearer bench-key-0000', 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: MODEL, input: passages.slice(i, i + BATCH), encoding_format: 'base64' }),
      });
      await response.arrayBuffer();
    }
    const providerTime = performance.now() - providerBegan;
    rows.push(
      toRow({
        name: `Indexing ${notes.toLocaleString('en')} notes (${passages.length.toLocaleString('en')} passages), setting on to nothing pending`,
        unit: 'ms',
        values: [indexing],
        floorName: "the fake provider's own time for the same passages, batches of 64",
        floorValues: [providerTime],
        better: 'lower',
        goal: 'limited by the provider',
      }),
    );

    const select = async () => {
      const t = performance.now();
      await sql.query('select note_id, passage, embedding from private.note_chunks where user_id = $1 and model = $2', [
        user.userId,
        MODEL,
      ]);
      return performance.now() - t;
    };
    const searchOnce = async (query: string) => {
      const p = performance.now();
      const r = await fetch(`${fake.url}/embeddings`, {
        method: 'POST',
        headers: { Authorization: 'Bearer bench-key-0000', 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: MODEL, input: [query], encoding_format: 'base64' }),
      });
      await r.arrayBuffer();
      const providerPart = performance.now() - p;
      const t = performance.now();
      await call(user, '/api/assistant/search', { query, limit: 10 });
      return Math.max(0, performance.now() - t - providerPart);
    };

    log('meaning: searching');
    const rounds = smoke ? 1 : 3;
    const warm: number[] = [];
    const floor: number[] = [];
    const cold: number[] = [];
    const coldFloor: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // An edit bumps the index's generation: the next search reads the passages again.
      await upsert(user, { ...written[round]!, content: `${written[round]!.content} edited ${round}` });
      await untilIndexed(user);
      coldFloor.push(await select());
      cold.push(await searchOnce(`cold search ${round} podcast budget`));
      const times: number[] = [];
      const selects: number[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        times.push(await searchOnce(`${WORDS[i % WORDS.length]} ${WORDS[(i * 5) % WORDS.length]} plan ${i}`));
        if (i % 4 === 0) selects.push(await select());
      }
      warm.push(quantile(times, 0.95));
      floor.push(quantile(selects, 0.95));
    }
    const chunks = (await status(user)).indexedNotes;
    rows.push(
      toRow({
        name: `Search by meaning, server's part, one user with ${(notes * 4).toLocaleString('en')} passages (${chunks.toLocaleString('en')} notes), p95`,
        unit: 'ms',
        values: warm,
        floorName: 'a plain SELECT of the same passages and embeddings, p95',
        floorValues: floor,
        better: 'lower',
        goal: 'p95 < 100 ms',
        meets: (value) => value < 100,
      }),
      toRow({
        name: 'The first search after the index changed (reads the passages again), server part',
        unit: 'ms',
        values: cold,
        floorName: 'the same SELECT',
        floorValues: coldFloor,
        better: 'lower',
      }),
    );

    if (!smoke) {
      log('meaning: from an edit to being found, at the default interval');
      await sprout.stop();
      const second = await startSprout({
        databaseUrl: target.url,
        env: { AI_BASE_URL: fake.url, OPENROUTER_API_KEY: 'bench-key-0000', RATE_LIMIT_SEARCH: '1000000' },
      });
      try {
        const again = { ...user, url: second.url };
        const findable: number[] = [];
        for (let round = 0; round < 3; round++) {
          const word = `quokka${round}${randomUUID().slice(0, 6)}`;
          const note = written[10 + round]!;
          const t = performance.now();
          await upsert(again, { ...note, content: `${word} ${word} ${word}` });
          for (;;) {
            const { matches } = (await call(again, '/api/assistant/search', {
              query: `${word} ${word}`,
              limit: 1,
            })) as {
              matches: { noteId: string }[];
            };
            if (matches[0]?.noteId === note.id) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          findable.push(performance.now() - t);
        }
        rows.push(
          toRow({
            name: 'From an edit to being found by meaning, default indexing interval (15 s)',
            unit: 'ms',
            values: findable,
            better: 'lower',
            goal: '< 60 s',
            meets: (value) => value < 60_000,
          }),
        );
      } finally {
        await second.stop();
      }
    }
  } finally {
    await sql.close();
    await sprout.stop().catch(() => undefined);
    await fake.close();
    await target.release();
  }
  return rows;
}

export const group: BenchGroup = {
  name: 'meaning',
  title: 'Search by meaning and the assistant’s index (`npm run bench -- meaning`)',
  order: 52,
  smoke: false,
  method:
    "The real server on PostgreSQL (a database the bench creates), the test kit's fake provider answering /embeddings in the bench process (1,536 dimensions, base64). One user with 5,000 notes of four ~1,000-character paragraphs (20,000 passages). Indexing: from PUT /api/assistant/settings to GET /api/assistant/status saying nothing pending, beside the fake's own time for the same passages in batches of 64. Search: POST /api/assistant/search less the provider's part (the same query embedded by the fake directly just before), p95 of 40 searches a round, beside a SELECT of the user's passages and embeddings on the same database (p95). Cold: the first search after an edit changed the index. Edit to findable: a new server with the default 15 s interval, an edit through /rest/v1 until the search finds the note first.",
  run,
};
