// `npm run eval:ai -- --retrieval [--out FILE]`: the retrieval evaluation against the provider and the
// embedding model named by the environment (README, 'Evaluating the assistant'). Prints a line per
// question as it finishes, then the tables; writes the whole report as JSON.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runRetrievalEval, writeRetrievalReport } from './retrieval-eval';

const { values } = parseArgs({
  options: {
    retrieval: { type: 'boolean' },
    out: { type: 'string' },
  },
});

const env = process.env;
const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);
const outFile = path.resolve(
  values.out ?? path.join(os.tmpdir(), `sprout-eval-retrieval-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
);

const document = await runRetrievalEval({
  aiBaseUrl: nonEmpty(env.AI_BASE_URL) ?? 'https://openrouter.ai/api/v1',
  apiKey: nonEmpty(env.AI_API_KEY) ?? nonEmpty(env.OPENROUTER_API_KEY),
  modelChat: nonEmpty(env.AI_MODEL_CHAT) ?? nonEmpty(env.AI_MODEL),
  embeddingModel: nonEmpty(env.AI_EMBEDDING_MODEL),
  embeddingBaseUrl: nonEmpty(env.AI_EMBEDDING_BASE_URL),
  embeddingApiKey: nonEmpty(env.AI_EMBEDDING_API_KEY),
  sproutUrl: nonEmpty(env.SPROUT_URL),
  timeoutMs: nonEmpty(env.AI_TIMEOUT_MS) ? Number(env.AI_TIMEOUT_MS) : undefined,
  onQuestion: (report, index, total) =>
    console.info(
      `[${index + 1}/${total}] ${report.id}: words ${report.ranks.lexical ?? '-'}, meaning ${report.ranks.meaning ?? '-'}, fused ${report.ranks.fused ?? '-'}; ${report.answer.refused ? 'refused' : `cites ${report.answer.cited.join(' ') || 'nothing'}`}`,
    ),
});

console.info(`\n${writeRetrievalReport(document, outFile)}\n\nJSON report: ${outFile}`);
