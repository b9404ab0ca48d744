// The CI check of `npm run eval:ai`: the whole evaluation (its own Sprout server, the usage proxy, the
// creation flow and chat over HTTP) against the fake provider on three ideas, so the script keeps working;
// one idea gets a question instead of a plan, twice, to show a non-conforming plan is reported as such.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider, type FakeAiProvider } from '../../test/kit/fake-ai-provider';
import { DEFAULT_PLAN_STEPS, DEFAULT_QUESTION_REPLY } from '../../test/kit/fake-ai-provider-replies';
import { cachedMigratedImage, seedDataDir } from '../../test/kit/pglite-image-cache';
import { tempDir } from '../../bench/lib/sprout';
import { runEvalAi, writeEvalReport } from './eval-ai';
import type { EvalDocument } from './report';
import { EVAL_IDEAS } from './ideas';
import { MAX_QUESTIONS } from './evaluate';

describe('npm run eval:ai against the fake provider', () => {
  let fake: FakeAiProvider;
  let document: EvalDocument;
  const ideas = EVAL_IDEAS.slice(0, 3);
  const stubborn = ideas[2]!;

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    // The third idea's plan request is answered with a question both times (the first answer and the
    // corrective retry): the server reports no plan.
    fake.respondWith((request) =>
      request.flavour === 'plan' && JSON.stringify(request.body).includes(stubborn.idea)
        ? { kind: 'text', text: DEFAULT_QUESTION_REPLY }
        : undefined,
    );
    // Its server starts on the tests' migrated database (initdb was most of this file's time).
    const dataDir = tempDir('eval-data');
    await seedDataDir(dataDir, await cachedMigratedImage());
    document = await runEvalAi({ aiBaseUrl: fake.url, apiKey: 'eval-fake-key', ideas, dataDir });
  }, 60_000);

  afterAll(async () => {
    await fake?.close();
  });

  it('reports each idea: questions, plan conformance, steps and their quality, chat, tokens and latency', () => {
    expect(document.ideas.map((r) => r.id)).toEqual(ideas.map((i) => i.id));
    for (const report of document.ideas.slice(0, 2)) {
      // The fake always asks one question, so the user answers until the cap.
      expect(report.questionsBeforePlan).toBe(MAX_QUESTIONS);
      expect(report.plan).toMatchObject({
        conforms: true,
        problems: [],
        retried: false,
        stepCount: DEFAULT_PLAN_STEPS.length,
        error: null,
      });
      expect(report.plan.steps.map((s) => s.text)).toEqual(DEFAULT_PLAN_STEPS);
      expect(report.plan.verbFirstSteps).toBe(DEFAULT_PLAN_STEPS.length);
      expect(report.chat).toMatchObject({ ok: true, error: null });
      expect(report.chat.chars).toBeGreaterThan(0);
      // Five conversation turns, the plan and the chat: seven provider calls, each with usage.
      expect(report.providerCalls).toBe(MAX_QUESTIONS + 2);
      expect(report.tokens?.totalTokens).toBeGreaterThan(0);
      expect(report.latencyMs.plan).toBeGreaterThan(0);
    }
  });

  it('reports a plan that never came as not conforming, with the catalogue code and request id', () => {
    const report = document.ideas[2]!;
    expect(report.plan.conforms).toBe(false);
    expect(report.plan.stepCount).toBe(0);
    expect(report.plan.error).toMatchObject({
      code: 'no_plan',
      message: 'The assistant did not return a plan. Try again.',
    });
    expect(report.plan.error?.requestId).toBeTruthy();
    // The server asked twice: the plan and the corrective retry.
    expect(report.providerCalls).toBe(MAX_QUESTIONS + 3);
  });

  it('sums up the run and writes it as JSON beside a readable table', () => {
    expect(document.summary).toMatchObject({ ideas: 3, plansConforming: 2, chatsOk: 3, meanSteps: 4 });
    expect(document.summary.verbFirstShare).toBe(1);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-eval-ai-')), 'report.json');
    const table = writeEvalReport(document, out);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(JSON.parse(JSON.stringify(document)));
    expect(table).toMatch(/half-marathon\s+5\s+ok\s+6\s+6\/6/);
    expect(table).toContain('NO (no_plan)');
    expect(table).toContain('plans conforming: 2/3');
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  });
});
