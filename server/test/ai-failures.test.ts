// Every way a plan turn can fail, against the fake provider: a question instead of a plan, a plan
// without steps, a cut stream, 401, 429, 5xx and no key. Each ends in a catalogue sentence with the
// request id and no `done` (never a false success), and the same request sent again (the browser's
// Retry) gets the plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_REPLY, DEFAULT_PLAN_STEPS, type FakeReply } from '../../test/kit/fake-ai-provider-replies';
import { api, signIn, startAiTestBed, streamTurn, type AiTestBed, type SseEvent } from './ai-support';

const QUESTION = 'Before I write the plan: how many hours a week can you give it?';
const NO_STEPS = 'Goal Summary\nRun a 10 km race by June.\n\nExpanded Plan\nBuild up slowly, three runs a week.';
const planTurn = {
  messages: [
    { role: 'user', content: 'I want to run a 10 km race' },
    { role: 'assistant', content: 'By when?' },
    { role: 'user', content: 'June' },
  ],
  readyForPlan: true,
};

let bed: AiTestBed;
let token: string;
// No server key: the main user has a key of their own, and another user has none.
beforeAll(async () => {
  bed = await startAiTestBed({ serverKey: null });
  ({ token } = await signIn(bed.server));
  expect(
    (await api(bed.server, '/ai/key', token, { method: 'PUT', body: { apiKey: 'sk-or-v1-user-key-0000' } })).status,
  ).toBe(200);
});
afterAll(async () => bed?.close());

const eventNames = (events: SseEvent[]) => events.map((e) => e.event);
const errorOf = (events: SseEvent[]) => events.find((e) => e.event === 'error')?.data;

async function expectRetryGetsThePlan(path = '/ai/conversation', body: unknown = planTurn): Promise<void> {
  const { events } = await streamTurn(bed.server, path, token, body);
  expect(events.at(-1)).toEqual({
    event: 'done',
    data: {
      text: DEFAULT_PLAN_REPLY,
      expandedContent: DEFAULT_PLAN_REPLY,
      steps: DEFAULT_PLAN_STEPS,
      usingFallback: false,
    },
  });
}

describe('a plan answer that is not a plan', () => {
  it.each([
    ['a question instead of a plan', QUESTION],
    ['a plan without steps', NO_STEPS],
  ])('%s: one corrective attempt, then "did not return a plan", never done', async (_kind, text) => {
    bed.fake.reset();
    bed.fake.script({ kind: 'text', text }, { kind: 'text', text });
    const { response, events } = await streamTurn(bed.server, '/ai/conversation', token, planTurn);
    expect(response.status).toBe(200);
    // The browser shows the first answer as it streams, is told to drop it, then sees the second.
    expect(eventNames(events)).not.toContain('done');
    expect(events.filter((e) => e.event === 'restart')).toEqual([
      { event: 'restart', data: { reason: 'plan_format' } },
    ]);
    expect(errorOf(events)).toEqual({
      status: 422,
      code: 'no_plan',
      message: 'The assistant did not return a plan. Try again.',
      requestId: expect.stringMatching(/^req-/),
    });
    expect(bed.fake.requests).toHaveLength(2);
    const corrective = (bed.fake.requests[1]!.body as { messages: { role: string; content: string }[] }).messages;
    expect(corrective.at(-2)).toEqual({ role: 'assistant', content: text });
    expect(corrective.at(-1)?.content).toMatch(
      /^That reply did not follow the required plan format: .*Do not ask any more questions/,
    );
    await expectRetryGetsThePlan();
  });

  it('takes the corrected answer when the second attempt is a plan', async () => {
    bed.fake.reset();
    bed.fake.script({ kind: 'text', text: QUESTION });
    const { events } = await streamTurn(bed.server, '/ai/conversation', token, planTurn);
    const afterRestart = events.slice(events.findIndex((e) => e.event === 'restart') + 1);
    expect(
      afterRestart
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(DEFAULT_PLAN_REPLY);
    expect(events.at(-1)?.data).toMatchObject({ steps: DEFAULT_PLAN_STEPS, usingFallback: false });
  });

  it('applies the same check to the one-shot expansion', async () => {
    bed.fake.reset();
    bed.fake.script({ kind: 'text', text: QUESTION }, { kind: 'text', text: QUESTION });
    const { events } = await streamTurn(bed.server, '/ai/expand', token, { idea: 'Run a 10 km race' });
    expect(errorOf(events)).toMatchObject({
      code: 'no_plan',
      message: 'The assistant did not return a plan. Try again.',
    });
    expect(eventNames(events)).not.toContain('done');
    await expectRetryGetsThePlan('/ai/expand', { idea: 'Run a 10 km race' });
  });
});

describe('provider failures on a plan turn', () => {
  const cases: [string, FakeReply, Record<string, unknown>][] = [
    [
      'a cut stream',
      { kind: 'text', deltas: ['Goal Summary\n', 'Run a race', ' by June.'], cutAfterChunks: 2 },
      { code: 'interrupted', partial: 'Goal Summary\nRun a race', incomplete: true },
    ],
    [
      '401',
      { kind: 'error', status: 401 },
      { status: 401, code: 'invalid_key', message: 'Invalid API key. Please check your OpenRouter API key.' },
    ],
    [
      '429',
      { kind: 'error', status: 429, retryAfter: 3 },
      { status: 429, code: 'rate_limited', message: 'Rate limit exceeded. Please try again later.', retryAfter: 3 },
    ],
    [
      '500',
      { kind: 'error', status: 500, body: '{"error":{"message":"boom","code":500}}' },
      { status: 500, code: 'provider_error', message: 'API Error (500): the OpenRouter API failed to answer.' },
    ],
  ];

  it.each(cases)(
    '%s: the catalogue sentence with the request id, no fallback plan, and Retry works',
    async (_kind, reply, expected) => {
      bed.fake.reset();
      bed.fake.script(reply);
      const { events } = await streamTurn(bed.server, '/ai/conversation', token, planTurn);
      expect(eventNames(events)).not.toContain('done');
      const error = errorOf(events);
      expect(error).toMatchObject({ ...expected, requestId: expect.stringMatching(/^req-/) });
      expect(String(error?.message)).not.toMatch(/[{}]/);
      expect(bed.fake.requests).toHaveLength(1);
      await expectRetryGetsThePlan();
    },
  );
});

describe('no key', () => {
  it('answers api_key_required before any provider call; once a key is stored the same turn works', async () => {
    bed.fake.reset();
    const user = await signIn(bed.server);
    const refused = await api(bed.server, '/ai/conversation', user.token, { body: planTurn });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'api_key_required', message: 'API key required' });
    expect(bed.fake.requests).toHaveLength(0);
    expect(
      (await api(bed.server, '/ai/key', user.token, { method: 'PUT', body: { apiKey: 'sk-or-v1-second-user-1111' } }))
        .status,
    ).toBe(200);
    const { events } = await streamTurn(bed.server, '/ai/conversation', user.token, planTurn);
    expect(events.at(-1)?.data).toMatchObject({ steps: DEFAULT_PLAN_STEPS });
    expect(bed.fake.requests[0]?.headers.authorization).toBe('Bearer sk-or-v1-second-user-1111');
  });
});
