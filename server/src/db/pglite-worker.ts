// The worker thread that owns the embedded database: PGlite's SQL execution and its parsing of result
// rows run here, so the request thread keeps accepting connections and answering while a query runs.
// One query at a time, in arrival order; the request thread's driver (pglite-driver.ts) decides who
// may send queries, so a transaction's statements never interleave with another request's.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { SettingsQueries } from './pglite-settings-query';
import { migratePGlite, pgliteStartParams } from './pglite-settings';
import { serializeError, type WorkerMessage, type WorkerRequest, type WorkerStart } from './pglite-worker-protocol';

const INT8_OID = 20;
// Revisions are bigint in SQL but stay far below 2^53: return them as numbers, as JSON wants.
const parseInt8 = (value: string) => Number(value);

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread');
const port = parentPort;

const post = (message: WorkerMessage) => port.postMessage(message);

/**
 * A dumped data directory as PGlite's `loadDataDir` takes it (a Blob, of which it reads `arrayBuffer()`
 * and `type`), answering with the bytes it was given: a real Blob of them would copy the image twice more
 * (in, and out again through Node's chunked reader), which was a tenth of the unit tests' CPU time.
 */
class TarImage extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

async function open(start: WorkerStart): Promise<PGlite> {
  const parsers = { [INT8_OID]: parseInt8 };
  const startParams = pgliteStartParams();
  const pglite =
    start.source.kind === 'dir'
      ? new PGlite(start.source.dir, { parsers, startParams })
      : new PGlite({
          parsers,
          startParams,
          loadDataDir: start.source.image ? new TarImage(start.source.image) : undefined,
        });
  await pglite.waitReady;
  await migratePGlite(pglite);
  // Every session reads and writes timestamps in UTC, on PGlite as on any PostgreSQL server: set once
  // for the one connection, not per transaction.
  await pglite.exec("SET TimeZone = 'UTC'");
  for (const [name, value] of Object.entries(start.settings))
    await pglite.query('SELECT set_config($1, $2, false)', [name, value]);
  return pglite;
}

async function serve(pglite: PGlite): Promise<void> {
  const settingsQueries = new SettingsQueries(pglite);
  const unlisteners = new Map<string, () => Promise<void>>();
  let queue = Promise.resolve();
  const handle = async (request: WorkerRequest): Promise<void> => {
    switch (request.kind) {
      case 'query': {
        // With settings: in one call, the settings local to the statement (pglite-settings-query.ts).
        const result = request.settings
          ? await settingsQueries.run(request.sql, request.params, request.settings)
          : await pglite.query(request.sql, [...request.params], { rowMode: 'object' });
        return post({
          kind: 'result',
          id: request.id,
          value: { rows: result.rows, affectedRows: result.affectedRows },
        });
      }
      case 'exec':
        await pglite.exec(request.sql);
        return post({ kind: 'result', id: request.id, value: null });
      case 'listen': {
        if (!unlisteners.has(request.channel)) {
          const channel = request.channel;
          unlisteners.set(
            channel,
            await pglite.listen(channel, (payload) => post({ kind: 'notify', channel, payload })),
          );
        }
        return post({ kind: 'result', id: request.id, value: null });
      }
      case 'unlisten':
        await unlisteners.get(request.channel)?.();
        unlisteners.delete(request.channel);
        return post({ kind: 'result', id: request.id, value: null });
      case 'close':
        if (!pglite.closed) await pglite.close();
        post({ kind: 'result', id: request.id, value: null });
        return port.close();
    }
  };
  port.on('message', (request: WorkerRequest) => {
    queue = queue.then(() =>
      handle(request).catch((error: unknown) => post({ kind: 'error', id: request.id, error: serializeError(error) })),
    );
  });
}

// The first message says what to open (the thread may start before its caller knows: pglite-thread.ts).
port.once('message', (start: WorkerStart) =>
  open(start).then(
    async (pglite) => {
      await serve(pglite);
      post({ kind: 'ready' });
    },
    (error: unknown) => post({ kind: 'failed', error: serializeError(error) }),
  ),
);
