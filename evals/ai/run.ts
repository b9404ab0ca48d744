// `npm run eval:ai [-- --ideas N] [-- --out FILE]`: evaluates the assistant against the provider named by
// the environment (README, 'Evaluating the assistant'). Prints a line per idea as it finishes, then the
// table and the summary; writes the whole report as JSON. `-- --retrieval` runs the retrieval evaluation
// (evals/retrieval/run.ts) instead.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EVAL_IDEAS } from './ideas';
import { runEvalAi, writeEvalReport } from './eval-ai';

const { values } = parseArgs({
  options: {
    ideas: { type: 'string' },
    out: { type: 'string' },
    retrieval: { type: 'boolean' },
  },
});

async function evaluateIdeas(): Promise<void> {
  const env = process.env;
  const count = values.ideas ? Number(values.ideas) : EVAL_IDEAS.length;
  if (!Number.isInteger(count) || count < 1) throw new Error('--ideas takes a whole number of ideas, at least 1');
  const outFile = path.resolve(
    values.out ?? path.join(os.tmpdir(), `sprout-eval-ai-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  );
  const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);

  const document = await runEvalAi({
    aiBaseUrl: nonEmpty(env.AI_BASE_URL) ?? 'https://openrouter.ai/api/v1',
    apiKey: nonEmpty(env.AI_API_KEY) ?? nonEmpty(env.OPENROUTER_API_KEY),
    // AI_MODEL sets both models at once (a local server usually has one).
    modelChat: nonEmpty(env.AI_MODEL_CHAT) ?? nonEmpty(env.AI_MODEL),
    modelExpand: nonEmpty(env.AI_MODEL_EXPAND) ?? nonEmpty(env.AI_MODEL),
    sproutUrl: nonEmpty(env.SPROUT_URL),
    timeoutMs: nonEmpty(env.AI_TIMEOUT_MS) ? Number(env.AI_TIMEOUT_MS) : undefined,
    ideas: EVAL_IDEAS.slice(0, count),
    onIdea: (report, index, total) =>
      console.info(
        `[${index + 1}/${total}] ${report.id}: plan ${report.plan.conforms ? 'conforms' : 'does NOT conform'}, ${report.plan.stepCount} steps`,
      ),
  });

  console.info(`\n${writeEvalReport(document, outFile)}\n\nJSON report: ${outFile}`);
}

if (values.retrieval) {
  if (values.ideas) throw new Error('--ideas is for the ideas; the retrieval evaluation runs its whole set');
  await import('../retrieval/run');
} else await evaluateIdeas();
