// `npm run eval:ai` as a library: where the run goes (a Sprout server of its own on a temporary DATA_DIR,
// in front of the provider through the usage proxy, or SPROUT_URL as given), the run, and its outputs.
// The CLI (run.ts) reads the environment; the CI check (eval-ai.test.ts) calls this with the fake provider.
import fs from 'node:fs';
import path from 'node:path';
import { startSprout, tempDir } from '../../bench/lib/sprout';
import { EVAL_IDEAS, type EvalIdea } from './ideas';
import { runEvaluation, type IdeaReport } from './evaluate';
import { formatTable, summarise, type EvalDocument } from './report';
import { serverHasKey, signUpThrowawayUser, storeUserKey } from './sprout-client';
import { startUsageProxy, type ProviderCall } from './usage-proxy';

export interface EvalAiConfig {
  /** An OpenAI-compatible base URL (ending in /v1 or the provider's equivalent). */
  aiBaseUrl: string;
  /** The provider key; any non-empty text for a local server that checks none (Ollama, vLLM). */
  apiKey: string | undefined;
  /** Models for the Sprout server the run starts (its AI_MODEL_CHAT and AI_MODEL_EXPAND). */
  modelChat?: string | undefined;
  modelExpand?: string | undefined;
  /** Evaluate this Sprout server instead of starting one (then tokens are not measured). */
  sproutUrl?: string | undefined;
  ideas?: readonly EvalIdea[];
  /** Provider timeout for the started server (AI_TIMEOUT_MS); local models can be slow to load. */
  timeoutMs?: number | undefined;
  /** The started server's DATA_DIR (removed afterwards); a new temporary one by default. */
  dataDir?: string | undefined;
  onIdea?: (report: IdeaReport, index: number, total: number) => void;
}

interface Target {
  url: string;
  calls?: ProviderCall[];
  close(): Promise<void>;
}

async function startTarget(config: EvalAiConfig): Promise<Target> {
  if (config.sproutUrl) return { url: config.sproutUrl.replace(/\/+$/, ''), close: async () => undefined };
  if (!config.apiKey)
    throw new Error(
      'set AI_API_KEY (or OPENROUTER_API_KEY) to the provider key; any text for a local server without keys',
    );
  const proxy = await startUsageProxy(config.aiBaseUrl);
  // The client is not needed: an empty static directory spares a build.
  const staticDir = tempDir('eval-static');
  try {
    const sprout = await startSprout({
      dataDir: config.dataDir,
      env: {
        AI_BASE_URL: proxy.url,
        OPENROUTER_API_KEY: config.apiKey,
        AI_API_KEY: '',
        ...(config.modelChat ? { AI_MODEL_CHAT: config.modelChat } : {}),
        ...(config.modelExpand ? { AI_MODEL_EXPAND: config.modelExpand } : {}),
        ...(config.timeoutMs ? { AI_TIMEOUT_MS: String(config.timeoutMs) } : {}),
        SPROUT_SKIP_BUILD: '1',
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AI: '100000',
      },
    });
    return {
      url: sprout.url,
      calls: proxy.calls,
      async close() {
        await sprout.stop();
        await proxy.close();
        fs.rmSync(sprout.dataDir, { recursive: true, force: true });
        fs.rmSync(staticDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await proxy.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
    throw error;
  }
}

export async function runEvalAi(config: EvalAiConfig): Promise<EvalDocument> {
  const ideas = config.ideas ?? EVAL_IDEAS;
  const target = await startTarget(config);
  try {
    const user = await signUpThrowawayUser(target.url);
    // Against a given server without a key of its own, the throwaway user brings the key.
    if (config.sproutUrl && !(await serverHasKey(user))) {
      if (!config.apiKey)
        throw new Error(`${config.sproutUrl} has no provider key: set AI_API_KEY for the evaluation user`);
      await storeUserKey(user, config.apiKey);
    }
    const reports = await runEvaluation({
      user,
      ideas,
      ...(target.calls ? { calls: target.calls } : {}),
      onIdea: (report, index) => config.onIdea?.(report, index, ideas.length),
    });
    return {
      generatedAt: new Date().toISOString(),
      target: {
        sproutUrl: target.url,
        aiBaseUrl: config.sproutUrl ? null : config.aiBaseUrl,
        modelChat: config.sproutUrl ? null : (config.modelChat ?? null),
        modelExpand: config.sproutUrl ? null : (config.modelExpand ?? null),
      },
      summary: summarise(reports),
      ideas: reports,
    };
  } finally {
    await target.close();
  }
}

/** Writes the JSON document; returns the table for stdout. */
export function writeEvalReport(document: EvalDocument, outFile: string): string {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${JSON.stringify(document, null, 2)}\n`);
  return formatTable(document.ideas, document.summary);
}
