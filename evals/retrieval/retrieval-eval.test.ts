// The CI check of `npm run eval:ai -- --retrieval`: the whole evaluation (its own Sprout server, the fixed
// set written and indexed, the three searches and the answers from the notes over HTTP) against the fake
// provider, whose embeddings meet on synonyms: the figures it must reach say the plumbing works, as only
// the search by meaning can find a paraphrase.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider, type FakeAiProvider } from '../../test/kit/fake-ai-provider';
import { cachedMigratedImage, seedDataDir } from '../../test/kit/pglite-image-cache';
import { tempDir } from '../../bench/lib/sprout';
import type { RetrievalDocument } from './report';
import { runRetrievalEval, writeRetrievalReport } from './retrieval-eval';
import { RETRIEVAL_NOTES } from './set-notes';
import { RETRIEVAL_QUESTIONS } from './set-questions';

describe('npm run eval:ai -- --retrieval against the fake provider', () => {
  let fake: FakeAiProvider;
  let document: RetrievalDocument;

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    const dataDir = tempDir('eval-retrieval-data');
    await seedDataDir(dataDir, await cachedMigratedImage());
    document = await runRetrievalEval({
      aiBaseUrl: fake.url,
      apiKey: 'eval-fake-key',
      dataDir,
      indexTimeoutMs: 30_000,
    });
  }, 60_000);

  afterAll(async () => {
    await fake?.close();
  });

  it('indexes the whole set and reports every question with its three rankings and its answer', () => {
    expect(document.set.notes).toBe(RETRIEVAL_NOTES.length);
    expect(document.questions.map((r) => r.id)).toEqual(RETRIEVAL_QUESTIONS.map((q) => q.id));
    expect(document.questions.every((r) => r.answer.ok)).toBe(true);
    expect(document.questions.flatMap((r) => [...r.rankings.meaning, ...r.answer.cited])).not.toContainEqual(
      expect.stringMatching(/^not-in-set:/),
    );
  });

  it('finds the paraphrases by meaning only, and the fused ranking keeps them', () => {
    const { paraphrase, lexical, answerable } = document.summary.retrieval;
    // No paraphrase shares a word with its note: the word search, which wants every word, finds none.
    expect(paraphrase.lexical.recallAt3).toBe(0);
    expect(paraphrase.meaning.recallAt3).toBeGreaterThanOrEqual(0.9);
    expect(paraphrase.fused.recallAt3).toBeGreaterThanOrEqual(paraphrase.lexical.recallAt3 + 0.15);
    expect(paraphrase.fused.mrr).toBeGreaterThanOrEqual(0.9);
    // The lexical questions are the word search's: it ranks each note first, and fusion keeps it there.
    expect(lexical.lexical.mrr).toBe(1);
    expect(lexical.fused.mrr).toBe(1);
    expect(answerable.fused.recallAt3).toBeGreaterThanOrEqual(0.9);
    expect(document.summary.goals).toEqual({
      fusedRecallAt3: true,
      fusedOverLexical: true,
      unsupportedCitations: true,
    });
  });

  it('answers from a correct note, cites only notes the search returned, and refuses what the notes do not say', () => {
    const { answers } = document.summary;
    // The fake cites the best source: a correct note wherever the search by meaning ranks one first.
    expect(answers.citingCorrect).toBeGreaterThanOrEqual(0.9);
    expect(answers.unsupportedCitations).toBe(0);
    expect(answers.refused).toBe(1);
    expect(answers.refusedAnswerable).toBe(0);
    for (const report of document.questions.filter((r) => r.kind === 'unanswerable')) {
      expect(report.answer.cited).toEqual([]);
      expect(report.answer.text).toContain("couldn't find anything");
    }
  });

  it('writes the report as JSON beside readable tables', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-eval-retrieval-')), 'report.json');
    const table = writeRetrievalReport(document, out);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(JSON.parse(JSON.stringify(document)));
    expect(table).toMatch(/p-podcast\s+paraphrase\s+-\s+1\s+1\s+cites a correct note/);
    expect(table).toMatch(/u-tortoise\s+unanswerable\s+-\s+-\s+-\s+refused \(right\)/);
    expect(table).toContain('citations to notes not in the set or not retrieved: 0 (goal 0)');
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  });
});
