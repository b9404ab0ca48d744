// Embeddings of a user's texts through the configured provider (issue 34): the chat's provider with the
// key the user's requests use (the server's, else their own), or AI_EMBEDDING_BASE_URL with its own key
// (a local Ollama or vLLM). A failure is the provider's, worded as the chat's failures are.
import type { AppContext } from '../../http/context';
import { providerApiError } from '../provider-api-error';
import { aiErrors } from '../errors';
import { resolveApiKey, type ResolvedKey } from '../key-store';
import type { Log } from '../log';
import { createProvider, EMBED_BATCH, ProviderError } from '../provider';
import { normalise } from './vectors';

/** A key for a server of embeddings that takes none (a local Ollama); sent because the header is expected. */
const NO_KEY = 'none';

export interface Embedder {
  /** The model the index is kept for: a change of it rebuilds the index. */
  readonly model: string;
  /** Each text's embedding, of length 1, in order. Throws ApiError (no key, the provider's failure). */
  embed(userId: string, texts: readonly string[], signal: AbortSignal): Promise<Float32Array[]>;
}

async function keyFor(ctx: AppContext, userId: string, log: Log): Promise<ResolvedKey> {
  const { embedding } = ctx.config.ai;
  if (embedding.baseUrl) return { apiKey: embedding.apiKey ?? NO_KEY, source: 'server' };
  const key = await resolveApiKey(ctx, userId, log);
  if (!key) throw aiErrors.apiKeyRequired();
  return key;
}

export function createEmbedder(ctx: AppContext, log: Log): Embedder {
  const { ai } = ctx.config;
  const model = ai.embedding.model;
  return {
    model,
    async embed(userId, texts, signal) {
      const key = await keyFor(ctx, userId, log);
      const provider = createProvider({
        apiKey: key.apiKey,
        baseUrl: ai.embedding.baseUrl ?? ai.baseUrl,
        timeoutMs: ai.timeoutMs,
      });
      const vectors: Float32Array[] = [];
      try {
        for (let start = 0; start < texts.length; start += EMBED_BATCH) {
          const inputs = texts.slice(start, start + EMBED_BATCH);
          vectors.push(...(await provider.embed({ model, inputs: [...inputs], signal })).map(normalise));
        }
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        throw providerApiError(error, {
          providerName: ai.providerName,
          apiKey: key.apiKey,
          keySource: key.source,
          defaultMessage: 'The notes could not be searched by meaning.',
        });
      }
      return vectors;
    },
  };
}
