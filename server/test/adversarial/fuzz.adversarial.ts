// A seeded fuzzer over every endpoint: at least 5,000 requests a run (ADVERSARIAL_REQUESTS), each built
// from the run's seed (printed; ADVERSARIAL_SEED replays it), with hostile bodies (NUL, lone surrogates,
// 5,000-deep nesting, wrong types, huge values, broken JSON), hostile query strings and headers, and valid,
// forged or missing tokens. Fails on any 5xx, any answer slower than 5 s, and any internals in an answer
// (stack traces, SQL, params, hashes); afterwards the server's logs are scanned for hashes, tokens, keys
// and e-mails.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider, type FakeAiProvider } from '../../../test/kit/fake-ai-provider';
import { buildNote, buildUser } from '../../../test/kit/factories';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/kit/test-server';
import { INTERNALS, logLeaks, random, runSeed, timedFetch, type Random } from './support';
import { NOTE_FIELD_NAMES } from '#core/note-fields';

const SEED = runSeed();
const REQUESTS = Math.max(5000, Number(process.env.ADVERSARIAL_REQUESTS ?? 5000));
const CONCURRENCY = 6;
const PROVIDER_KEY = 'not-a-real-key-fuzz-server-7f3a9c1e5b2d4680';

let server: TestServer;
let fake: FakeAiProvider;
const logs: string[] = [];
const users: { token: string; refresh: string; userId: string; email: string; noteId: string }[] = [];

beforeAll(async () => {
  console.info(
    `adversarial fuzz: seed ${SEED}, ${REQUESTS} requests (replay: ADVERSARIAL_SEED=${SEED} npm run test:adversarial)`,
  );
  fake = await startFakeAiProvider();
  server = await startTestServer(
    { AI_BASE_URL: fake.url, OPENROUTER_API_KEY: PROVIDER_KEY, RATE_LIMIT_WRITE: '1000000' },
    { logs },
  );
  for (let i = 0; i < 2; i++) {
    const user = await buildUser(server);
    const note = await buildNote(user, { title: 'fuzz', content: 'c' });
    users.push({
      token: user.token,
      refresh: user.session.refresh_token,
      userId: user.id,
      email: user.email,
      noteId: note.id,
    });
  }
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

// --- values ----------------------------------------------------------------------------------------

const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udbff\udfff',
  '🌱'.repeat(50),
  'x'.repeat(70_000),
  '\\',
  '"',
  "'; drop table notes; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'null',
  'true',
  '1e309',
  '-0',
  '\u202e\u0007',
  '__proto__',
  'constructor',
  '9999-12-31T23:59:59-12:00',
  '0001-01-01T00:00:00+14:00',
  '2024-02-30T00:00:00Z',
  'infinity',
  '-infinity',
  'epoch',
  '2024-05-01T10:00:00.1234567891Z',
  '00000000-0000-0000-0000-000000000000',
  '{0000000000000000000000000000000a}',
  'ffffffffffffffffffffffffffffffff',
];

function nastyString(r: Random): string {
  if (r.chance(0.6)) return r.pick(NASTY_STRINGS);
  const length = r.int(r.chance(0.1) ? 3000 : 20);
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(r.chance(0.8) ? 32 + r.int(95) : r.int(0x10000));
  return s;
}

function nastyValue(r: Random, depth = 0): unknown {
  const roll = r.int(depth > 3 ? 6 : 9);
  switch (roll) {
    case 0:
      return nastyString(r);
    case 1:
      return r.pick([0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER]);
    case 2:
      return r.chance(0.5);
    case 3:
      return null;
    case 4:
      return randomUUID();
    case 5:
      return r.pick([users[0]!.noteId, users[1]!.noteId, users[0]!.userId, users[1]!.userId]);
    case 6:
      return Array.from({ length: r.int(4) }, () => nastyValue(r, depth + 1));
    case 7:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [
          r.chance(0.8) ? r.pick(KEYS) : nastyString(r),
          nastyValue(r, depth + 1),
        ]),
      );
    default:
      return {
        id: randomUUID(),
        text: nastyString(r),
        completed: r.chance(0.5),
        role: r.pick(['user', 'assistant', 'system', 'x']),
        content: nastyString(r),
      };
  }
}

// Every field a write may name (core/note-fields.ts), base_revision included.
const NOTE_COLUMNS: string[] = [...NOTE_FIELD_NAMES];
const KEYS = [
  ...NOTE_COLUMNS,
  'email',
  'password',
  'current_password',
  'data',
  'refresh_token',
  'apiKey',
  'idea',
  'messages',
  'preferences',
  'noteContent',
  'readyForPlan',
  'phone',
  'nonce',
  '__proto__',
];

function note(r: Random, owner: string): Record<string, unknown> {
  const at = r.chance(0.8) ? new Date(Date.now() - r.int(1e9)).toISOString() : nastyString(r);
  const row: Record<string, unknown> = {
    id: r.chance(0.8) ? randomUUID() : nastyValue(r),
    user_id: r.chance(0.8) ? owner : nastyValue(r),
    title: r.chance(0.7) ? `note ${r.int(1000)}` : nastyValue(r),
    content: r.chance(0.7) ? 'content' : nastyValue(r),
    is_checklist: r.chance(0.8) ? r.chance(0.5) : nastyValue(r),
    created_at: at,
    updated_at: at,
  };
  for (const column of NOTE_COLUMNS) if (r.chance(0.1)) row[column] = nastyValue(r);
  if (r.chance(0.1)) delete row[r.pick(Object.keys(row))];
  return row;
}

function body(r: Random, path: string, owner: string): string | undefined {
  if (r.chance(0.05))
    return r.pick([
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '"\\ud800"',
      '{"a":"\\u0000"}',
      '\u0000',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"d":${'{"d":'.repeat(3000)}1${'}'.repeat(3001)}`,
    ]);
  let value: unknown;
  if (path.startsWith('/rest/'))
    value = r.chance(0.3) ? Array.from({ length: r.int(5) }, () => note(r, owner)) : note(r, owner);
  else if (path.includes('signup') || path.includes('grant_type=password')) {
    value = {
      email: r.chance(0.6) ? `fuzz-${r.int(1e9)}@example.com` : nastyValue(r),
      password: r.chance(0.6) ? `pw-${r.int(1e9)}-long` : nastyValue(r),
      data: r.chance(0.3) ? nastyValue(r) : undefined,
    };
  } else if (path.endsWith('/user'))
    value = {
      data: nastyValue(r),
      ...(r.chance(0.3) ? { password: nastyValue(r), current_password: nastyValue(r) } : {}),
    };
  else if (path.includes('refresh_token'))
    value = { refresh_token: r.chance(0.5) ? r.pick(users).refresh.slice(0, r.int(40)) : nastyValue(r) };
  else if (path.includes('/ai/key')) value = { apiKey: r.chance(0.3) ? `sk-user-${r.int(1e9)}` : nastyValue(r) };
  else if (path.includes('/ai/'))
    value = {
      idea: nastyValue(r),
      messages: r.chance(0.5) ? [{ role: 'user', content: nastyString(r) }] : nastyValue(r),
      preferences: nastyValue(r),
    };
  else if (path.includes('/account')) value = { current_password: r.chance(0.5) ? 'not the password' : nastyValue(r) };
  else value = nastyValue(r);
  if (r.chance(0.1) && typeof value === 'object' && value !== null)
    (value as Record<string, unknown>)[r.pick(KEYS)] = nastyValue(r);
  const text = JSON.stringify(value) ?? 'null';
  // Lone surrogates survive JSON.stringify escaped; NUL too: the server sees them as JSON escapes.
  return text;
}

// --- requests --------------------------------------------------------------------------------------

const ROUTES: readonly [string, string, number][] = [
  ['POST', '/auth/v1/signup', 1],
  ['POST', '/auth/v1/token?grant_type=password', 1],
  ['POST', '/auth/v1/token?grant_type=refresh_token', 2],
  ['POST', '/auth/v1/token?grant_type=pkce', 1],
  ['POST', '/auth/v1/logout', 2],
  ['GET', '/auth/v1/user', 4],
  ['PUT', '/auth/v1/user', 6],
  ['POST', '/auth/v1/otp', 1],
  ['GET', '/auth/v1/settings', 1],
  ['GET', '/rest/v1/notes', 14],
  ['HEAD', '/rest/v1/notes', 2],
  ['POST', '/rest/v1/notes', 14],
  ['PATCH', '/rest/v1/notes', 8],
  ['DELETE', '/rest/v1/notes', 6],
  ['GET', '/rest/v1/users', 1],
  ['POST', '/rest/v1/rpc/anything', 1],
  ['GET', '/api/config', 1],
  ['GET', '/api/health', 1],
  ['GET', '/api/ready', 1],
  ['GET', '/api/openrouter-key', 2],
  ['PUT', '/api/ai/key', 3],
  ['DELETE', '/api/ai/key', 1],
  ['GET', '/api/ai/status', 2],
  ['POST', '/api/ai/expand', 2],
  ['POST', '/api/ai/conversation', 2],
  ['POST', '/api/ai/chat', 2],
  ['DELETE', '/api/account', 1],
  ['GET', '/some/page', 1],
  ['GET', '/assets/missing.js', 1],
];
const WEIGHTED = ROUTES.flatMap(([method, path, weight]) =>
  Array.from({ length: weight }, () => [method, path] as const),
);
const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
  'isdistinct',
  'not.eq',
  'cs',
  'fts',
  'xx',
  '',
];

/** Percent-encoding that also writes a lone surrogate (as the invalid UTF-8 a hostile client may send). */
function pct(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        const c = ch.charCodeAt(0);
        if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
          return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

function restQuery(r: Random): string {
  const parts: string[] = [];
  if (r.chance(0.5))
    parts.push(
      `select=${r.pick(['*', 'id,title', 'id:title', 'nope', 'user:users(*)', 'base_revision', '', 'id,,', pct(nastyString(r))])}`,
    );
  for (let i = r.int(3); i > 0; i--) {
    const column = r.chance(0.85) ? r.pick(NOTE_COLUMNS) : pct(nastyString(r));
    const value = r.chance(0.5)
      ? r.pick([
          users[0]!.noteId,
          users[1]!.userId,
          'null',
          'true',
          '(a,b)',
          '("x","y")',
          '5',
          '-1',
          '9'.repeat(30),
          '2024-01-01',
        ])
      : pct(nastyString(r));
    parts.push(`${column}=${r.pick(OPERATORS)}.${value}`);
  }
  if (r.chance(0.2)) parts.push(`or=(user_id.eq.${users[1]!.userId},id.eq.${users[1]!.noteId})`);
  if (r.chance(0.3))
    parts.push(`order=${r.pick(NOTE_COLUMNS)}.${r.pick(['asc', 'desc', 'x'])}${r.chance(0.3) ? '.nullsfirst' : ''}`);
  if (r.chance(0.3)) parts.push(`limit=${r.pick(['0', '10', '-1', 'x', '99999999999999999999'])}`);
  if (r.chance(0.2)) parts.push(`offset=${r.pick(['0', '5', '-3', 'y'])}`);
  if (r.chance(0.2)) parts.push(`on_conflict=${r.pick(['id', 'title', ''])}`);
  if (r.chance(0.1)) parts.push(`columns=${r.pick(['id,title', 'nope', '"id"'])}`);
  return parts.join('&');
}

type Auth = 'none' | 'user' | 'other' | 'anon' | 'garbage' | 'forged';

function headers(
  r: Random,
  auth: Auth,
  user: (typeof users)[number],
  other: (typeof users)[number],
): Record<string, string> {
  const h: Record<string, string> = { apikey: server.anonKey };
  const token = {
    none: null,
    user: user.token,
    other: other.token,
    anon: server.anonKey,
    garbage: r.pick(['abc', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', '']),
    forged: `${user.token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`,
  }[auth];
  if (token !== null)
    h.authorization = r.chance(0.95) ? `Bearer ${token}` : r.pick([`bearer  ${token}`, token, `Basic ${token}`]);
  if (r.chance(0.9)) h['content-type'] = 'application/json';
  else
    h['content-type'] = r.pick([
      'text/plain',
      'application/xml',
      'application/json; charset=latin1',
      'multipart/form-data',
      '',
    ]);
  if (r.chance(0.3))
    h.prefer = r.pick([
      'return=representation',
      'return=minimal',
      'resolution=merge-duplicates',
      'resolution=ignore-duplicates, return=representation',
      'count=exact',
      'missing=default',
      'handling=strict, max-affected=1',
      'bogus=1',
      'return=headers-only',
    ]);
  if (r.chance(0.15))
    h.accept = r.pick([
      'application/vnd.pgrst.object+json',
      'text/csv',
      'application/json',
      '*/*',
      'application/vnd.pgrst.plan+json',
    ]);
  if (r.chance(0.1)) h.range = r.pick(['0-9', '5-', 'x-y', '10-2']);
  if (r.chance(0.05)) h['accept-profile'] = r.pick(['public', 'auth', 'private']);
  if (r.chance(0.05)) h['content-profile'] = r.pick(['public', 'auth']);
  return h;
}

interface Failure {
  index: number;
  what: string;
  request: string;
}

async function fire(index: number, failures: Failure[], seen: { statuses: Map<number, number> }) {
  const r = random((SEED ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0);
  let [method, path] = r.pick(WEIGHTED);
  if (r.chance(0.05)) method = r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  const user = r.pick(users);
  const other = users.find((u) => u !== user)!;
  const auth: Auth = path.includes('/logout')
    ? r.pick(['none', 'anon', 'garbage', 'forged'] as const)
    : r.pick(['user', 'user', 'user', 'user', 'other', 'none', 'anon', 'garbage', 'forged'] as const);
  if (path.startsWith('/rest/')) {
    const query = restQuery(r);
    if (query) path = `${path}${path.includes('?') ? '&' : '?'}${query}`;
  }
  const sendsBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && r.chance(0.95);
  const payload = sendsBody ? body(r, path, (auth === 'other' ? other : user).userId) : undefined;
  const describe = `${method} ${path.slice(0, 200)} auth=${auth} body=${(payload ?? '').slice(0, 200)}`;
  const result = await timedFetch(`${server.url}${path}`, {
    method,
    headers: headers(r, auth, user, other),
    body: payload,
  });
  if ('hang' in result) return void failures.push({ index, what: `no answer in 5 s`, request: describe });
  seen.statuses.set(result.status, (seen.statuses.get(result.status) ?? 0) + 1);
  if (result.status >= 500)
    failures.push({ index, what: `status ${result.status}: ${result.text.slice(0, 300)}`, request: describe });
  for (const { name, pattern } of INTERNALS) {
    if (pattern.test(result.text))
      failures.push({ index, what: `${name} in the answer: ${result.text.slice(0, 300)}`, request: describe });
  }
  // Another user's e-mail or ids never come back (the request may name the ids itself: only in data).
  const bystander = auth === 'other' ? user : other;
  if (result.text.includes(bystander.email))
    failures.push({ index, what: "another user's e-mail in the answer", request: describe });
}

describe('the seeded fuzzer', { timeout: 180_000 }, () => {
  it(`answers ${REQUESTS} hostile requests over every endpoint without a 5xx, a hang or a leak`, async () => {
    const failures: Failure[] = [];
    const seen = { statuses: new Map<number, number>() };
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = next++; index < REQUESTS; index = next++) await fire(index, failures, seen);
      }),
    );
    console.info(
      `adversarial fuzz: ${REQUESTS} requests, statuses ${JSON.stringify(Object.fromEntries([...seen.statuses].sort(([a], [b]) => a - b)))}`,
    );
    if (failures.length > 0) console.info(`Replay with ADVERSARIAL_SEED=${SEED}`);
    const kinds = [...new Set(failures.map((f) => f.what.slice(0, 60)))];
    expect(
      failures.slice(0, 12),
      `seed ${SEED}: ${failures.length} failures of ${kinds.length} kinds: ${kinds.join(' | ')}`,
    ).toEqual([]);
  });

  it('leaves no password hash, token, key or e-mail in the logs', () => {
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(0);
    const secrets = [
      server.config.jwtSecret ?? '',
      server.ctx.encryptionKey.toString('hex'),
      server.ctx.encryptionKey.toString('base64'),
      PROVIDER_KEY,
      TEST_PASSWORD,
      ...users.flatMap((u) => [u.token, u.refresh]),
    ];
    expect(logLeaks(text, secrets), `seed ${SEED}`).toEqual([]);
  });
});
