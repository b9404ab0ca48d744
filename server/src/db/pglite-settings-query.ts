// One statement with transaction-local settings (a user's role and claims, db/as-user.ts) in one call into
// PGlite, for the worker thread (pglite-worker.ts). PGlite's own query() makes about six calls into the
// database for a statement (parse, describe, bind, describe, execute, sync), each with a fixed cost of
// its own; BEGIN, the settings and COMMIT around it were three more. Here the settings' statement and the
// statement go in one protocol message under a single Sync: PostgreSQL runs everything before a Sync as one
// implicit transaction, so set_config(..., true) holds for the statement and ends with it, no BEGIN or
// COMMIT needed. Parameters are serialized by their types, as PGlite's query() does; the types of a
// statement's parameters are asked once per statement text and kept.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryOutcome } from './pglite-worker-protocol';
import { setConfigStatement, type LocalSettings } from './set-config';

const { serialize } = protocol;

/** Statement texts whose parameter types are kept; the server's statements are far fewer. */
const MAX_KEPT_TYPES = 1000;

export class SettingsQueries {
  /** Parameter type ids by statement text, oldest first (Map order) for eviction. */
  readonly #parameterTypes = new Map<string, number[]>();

  constructor(private readonly pglite: PGlite) {}

  async run(sql: string, params: readonly unknown[], settings: LocalSettings): Promise<QueryOutcome> {
    const types = await this.#typesOf(sql);
    const set = setConfigStatement(settings);
    const message = concat([
      serialize.parse({ text: set.text }),
      serialize.bind({ values: set.values }),
      // Its row described too: the result parser reads every row by its description.
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.parse({ text: sql, types }),
      serialize.bind({ values: params.map((value, i) => this.#serialize(value, types[i])) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // Throws the database's error, after which PostgreSQL has skipped to the Sync and rolled back.
    const { messages } = await this.pglite.execProtocol(message);
    const results = parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' });
    const result = results[1];
    if (!result) throw new Error('the statement gave no result');
    return { rows: result.rows, affectedRows: result.affectedRows };
  }

  /** A parameter as PGlite's query() sends it: its type's serializer, else its text. */
  #serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : this.pglite.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  async #typesOf(sql: string): Promise<number[]> {
    const kept = this.#parameterTypes.get(sql);
    if (kept) return kept;
    const { messages } = await this.pglite.execProtocol(
      concat([serialize.parse({ text: sql }), serialize.describe({ type: 'S' }), serialize.sync()]),
    );
    const types = parse.parseDescribeStatementResults(messages);
    if (this.#parameterTypes.size >= MAX_KEPT_TYPES) {
      const oldest = this.#parameterTypes.keys().next().value;
      if (oldest !== undefined) this.#parameterTypes.delete(oldest);
    }
    this.#parameterTypes.set(sql, types);
    return types;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
