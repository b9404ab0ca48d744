// The assistant's knowledge of a user's notes (issue 34) as one server holds it: the embedder, the indexer
// (scheduled by main.ts, not here, so that tests and benchmarks building a server get no job writing under
// them) and the search with its copies in memory.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../http/context';
import type { Log } from '../log';
import { createEmbedder } from './embedder';
import { createIndexer } from './indexer';
import { createMeaningSearch } from './search';

export function createAssistant(ctx: AppContext, log: Log) {
  const embedder = createEmbedder(ctx, log);
  return {
    embedder,
    search: createMeaningSearch(ctx.db),
    indexer: createIndexer(ctx.db, embedder, log, {
      holder: randomUUID(),
      // Longer than a batch's provider calls can take, each bounded by the AI timeout.
      leaseMs: Math.max(120_000, 4 * ctx.config.ai.timeoutMs),
    }),
  };
}

export type Assistant = ReturnType<typeof createAssistant>;

/** Runs the indexer every `intervalMs` (one run at a time); returns the stop, which gives the lease up. */
export function scheduleIndexing(assistant: Assistant, intervalMs: number, log: Log): () => Promise<void> {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await assistant.indexer.runOnce(stopping.signal);
    } catch (error) {
      log.warn({ err: error }, 'the assistant indexer failed; it runs again later');
    }
    if (!stopping.signal.aborted) timer = setTimeout(() => void run(), intervalMs).unref();
  };
  timer = setTimeout(() => void run(), intervalMs).unref();
  return async () => {
    stopping.abort();
    clearTimeout(timer);
    // A restarted server has a new holder id: without this it would wait out its own old lease.
    await assistant.indexer
      .release()
      .catch((error: unknown) => log.warn({ err: error }, 'the indexer lease was not given up'));
  };
}
