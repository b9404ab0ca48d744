// The calendar feed (issue 35, item 4), through the real server on PostgreSQL: one user with 300 checklist
// notes holding 1,000 dated items (days and times, some repeating, some done) among undated ones;
// GET /calendar/<token>.ics timed from the request to the last byte, beside a plain SELECT of the same
// rows (the user's listed checklist notes) on the same database, interleaved, median of each round.
import { randomUUID } from 'node:crypto';
import { openPostgres, postgresTarget } from '../lib/databases';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { quantile, toRow, type Row } from '../lib/row';
import { postNotes, signUp, startSprout, type BenchUser } from '../lib/sprout';

const NOTES = 300;
const DATED = 1000;
const FETCHES = 20;

/** Note n's checklist: its share of the dated items, beside two undated ones. */
function checklistNote(userId: string, n: number) {
  const base = Date.UTC(2026, 2, 1);
  const dated = Math.floor((DATED * (n + 1)) / NOTES) - Math.floor((DATED * n) / NOTES);
  const items = Array.from({ length: dated }, (_, i) => {
    const k = n * 10 + i;
    const day = new Date(base + (k % 120) * 86_400_000);
    return {
      id: `item-${i}`,
      text: `Step ${i + 1} of plan ${n + 1}: call, book or write what the plan needs`,
      completed: k % 7 === 0,
      due: k % 3 === 0 ? new Date(day.getTime() + 9 * 3_600_000).toISOString() : day.toISOString().slice(0, 10),
      ...(k % 5 === 0 ? { repeat: 'weekly' } : {}),
      ...(k % 3 === 0 && k % 2 === 0 ? { remind: true } : {}),
    };
  });
  const at = new Date(Date.now() - n * 60_000).toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    title: `Plan ${n + 1}`,
    content: 'A plan with dated steps.',
    is_checklist: true,
    checklist_items: [
      ...items,
      { id: 'undated-a', text: 'Think it over', completed: false },
      { id: 'undated-b', text: 'Tell a friend', completed: true },
    ],
    created_at: at,
    updated_at: at,
    last_mutation_id: randomUUID(),
  };
}

async function createFeed(user: BenchUser): Promise<string> {
  const response = await fetch(`${user.url}/api/calendar/feed`, { method: 'POST', headers: user.headers });
  const body = (await response.json()) as { url?: string };
  if (!response.ok || !body.url) throw new Error(`POST /api/calendar/feed: ${response.status}`);
  // The link names the server's public origin; the bench asks the server it started.
  return `${user.url}${new URL(body.url).pathname}`;
}

async function run({ smoke, log }: GroupOptions): Promise<Row[]> {
  const target = await postgresTarget(log);
  if (!target) return [];
  const sprout = await startSprout({
    databaseUrl: target.url,
    env: { RATE_LIMIT_CALENDAR: '1000000', RATE_LIMIT_CALENDAR_IP: '1000000' },
  });
  const sql = openPostgres(target.url);
  try {
    const user = await signUp(sprout.url);
    await postNotes(
      user,
      Array.from({ length: NOTES }, (_, n) => checklistNote(user.userId, n)),
    );
    const feedUrl = await createFeed(user);
    const fetchFeed = async () => {
      const began = performance.now();
      const response = await fetch(feedUrl);
      const text = await response.text();
      if (!response.ok || !text.startsWith('BEGIN:VCALENDAR')) throw new Error(`feed: ${response.status}`);
      return { ms: performance.now() - began, events: text.split('BEGIN:VEVENT').length - 1 };
    };
    const select = async () => {
      const began = performance.now();
      await sql.query(
        'select id, title, updated_at, checklist_items from notes where user_id = $1 and deleted_at is null and trashed_at is null and archived_at is null and is_checklist',
        [user.userId],
      );
      return performance.now() - began;
    };
    const { events } = await fetchFeed();
    if (events !== DATED) throw new Error(`the feed holds ${events} events, not ${DATED}`);

    log('calendar: fetching the feed');
    const feed: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < (smoke ? 1 : 5); round++) {
      const times: number[] = [];
      const selects: number[] = [];
      for (let i = 0; i < FETCHES; i++) {
        times.push((await fetchFeed()).ms);
        selects.push(await select());
      }
      feed.push(quantile(times, 0.5));
      floor.push(quantile(selects, 0.5));
    }
    return [
      toRow({
        name: `Calendar feed of ${DATED.toLocaleString('en')} dated items on ${NOTES} notes, request to last byte`,
        unit: 'ms',
        values: feed,
        floorName: 'a plain SELECT of the same notes',
        floorValues: floor,
        better: 'lower',
      }),
    ];
  } finally {
    await sql.close();
    await sprout.stop().catch(() => undefined);
    await target.release();
  }
}

export const group: BenchGroup = {
  name: 'calendar',
  title: 'The calendar feed (`npm run bench -- calendar`)',
  order: 53,
  smoke: false,
  method:
    'The real server on PostgreSQL (a database the bench creates). One user with 300 checklist notes holding 1,000 dated items (a third with a time, a fifth repeating weekly, a seventh done) and 600 undated ones. GET /calendar/<token>.ics from the request to the last byte, beside a SELECT of the same notes on the same database, interleaved, 20 of each a round; the median of each round, five rounds.',
  run,
};
