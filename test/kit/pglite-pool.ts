// In-memory PGlite databases for test servers, kept for the next test file of the same worker instead of
// opened anew: a PGlite start (a worker thread, its WebAssembly, the migrated image unpacked into its
// file system) costs about two seconds of CPU, more than most test files' own work, and the unit tests'
// files each start at least one server. A database given back is emptied to what a fresh open from the
// image holds (every table truncated, the image's own rows and sequence positions put back, session
// state discarded); one whose schema a test changed, or that no longer answers, is closed instead.
import { sql } from 'kysely';
import { openDatabase, sessionSettingValues, type Database, type SessionSettings } from '../../server/src/db/database';

/** What a database opened from the image holds, read once from the first one opened. */
interface FreshState {
  /** Every table of the app's schemas, schema-qualified and quoted. */
  tables: string[];
  /** The image's own rows (e.g. the migrations applied), as JSON, per table that has any. */
  rows: { table: string; json: string }[];
  /** Sequences not owned by a column (TRUNCATE ... RESTART IDENTITY resets those), with their last value (null: never called). */
  sequences: { name: string; lastValue: string | null }[];
  /** A digest of the schema: tables, columns, constraints, indexes, triggers and functions. */
  schema: string;
}

// The app's own schemas: everything the migrations created, not PostgreSQL's catalogs.
const APP_SCHEMAS = sql`n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'`;

async function schemaDigest(database: Database): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    SELECT md5(coalesce(string_agg(line, E'\n' ORDER BY line), '')) AS digest FROM (
      SELECT 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text AS line
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${APP_SCHEMAS}
      UNION ALL
      SELECT 'col ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE ${APP_SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped
      UNION ALL
      SELECT 'con ' || n.nspname || '.' || con.conname || ' ' || pg_get_constraintdef(con.oid)
        FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace WHERE ${APP_SCHEMAS}
      UNION ALL
      SELECT 'idx ' || pg_get_indexdef(i.indexrelid)
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${APP_SCHEMAS}
      UNION ALL
      SELECT 'trg ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${APP_SCHEMAS} AND NOT t.tgisinternal
      UNION ALL
      SELECT 'fn ' || n.nspname || '.' || p.proname || ' ' || md5(pg_get_functiondef(p.oid))
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${APP_SCHEMAS} AND p.prokind IN ('f', 'p')
      UNION ALL
      SELECT 'pol ' || n.nspname || '.' || c.relname || '.' || pol.polname || ' ' || coalesce(pg_get_expr(pol.polqual, pol.polrelid), '')
        FROM pg_policy pol JOIN pg_class c ON c.oid = pol.polrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    ) AS lines`.execute(database.db);
  return rows[0]?.digest ?? '';
}

/** Every table of the app's schemas, schema-qualified and quoted, in name order. */
async function appTables(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND ${APP_SCHEMAS}
      ORDER BY 1`.execute(database.db);
  return rows.map((row) => row.name);
}

async function readFreshState(database: Database): Promise<FreshState> {
  const tables = await appTables(database);
  const rows: FreshState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await sql<{
      json: string | null;
    }>`SELECT json_agg(t)::text AS json FROM ${sql.raw(table)} AS t`.execute(database.db);
    const json = found[0]?.json;
    if (json) rows.push({ table, json });
  }
  const { rows: sequenceRows } = await sql<{ name: string; last_value: string | null }>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name, s.last_value::text AS last_value
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_sequences s ON s.schemaname = n.nspname AND s.sequencename = c.relname
      WHERE c.relkind = 'S' AND ${APP_SCHEMAS}
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))`.execute(
    database.db,
  );
  const sequences = sequenceRows.map((row) => ({ name: row.name, lastValue: row.last_value }));
  return { tables, rows, sequences, schema: await schemaDigest(database) };
}

/** Puts `database` back to `fresh`: false when it cannot be (closed, or its schema changed). */
async function reset(database: Database, fresh: FreshState, settings: Record<string, string>): Promise<boolean> {
  try {
    if ((await schemaDigest(database)) !== fresh.schema) return false;
    // Session state first: settings, prepared statements, temporary tables, advisory locks, listeners.
    await sql`DISCARD ALL`.execute(database.db);
    // Rows go back without firing the tables' triggers, as the image's own rows were never counted.
    await sql`SET session_replication_role = replica`.execute(database.db);
    if (fresh.tables.length > 0)
      await sql`TRUNCATE ${sql.raw(fresh.tables.join(', '))} RESTART IDENTITY CASCADE`.execute(database.db);
    for (const { table, json } of fresh.rows) {
      await sql`INSERT INTO ${sql.raw(table)} SELECT * FROM json_populate_recordset(NULL::${sql.raw(table)}, ${json}::json)`.execute(
        database.db,
      );
    }
    for (const sequence of fresh.sequences) {
      if (sequence.lastValue === null) await sql`ALTER SEQUENCE ${sql.raw(sequence.name)} RESTART`.execute(database.db);
      else
        await sql`SELECT setval(${sequence.name}::regclass, ${sequence.lastValue}::bigint, true)`.execute(database.db);
    }
    await sql`RESET session_replication_role`.execute(database.db);
    // What the server's worker sets when it opens a database (pglite-worker.ts), and this lease's settings.
    await sql`SET TimeZone = 'UTC'`.execute(database.db);
    for (const [name, value] of Object.entries(settings))
      await sql`SELECT set_config(${name}, ${value}, false)`.execute(database.db);
    return true;
  } catch {
    return false;
  }
}

let fresh: FreshState | undefined;
const idle: Database[] = [];
/** At most this many databases wait between files: a file may open several servers at once. */
const MAX_IDLE = 2;

export const poolCounts = { opened: 0, reused: 0, discarded: 0 };

/**
 * A database as fresh as `openDatabase({ kind: 'memory', image })` opens it, reused when one is idle.
 * Its `close()` gives it back (emptied) rather than closing it.
 */
export async function leaseMemoryDatabase(image: Uint8Array, settings: SessionSettings): Promise<Database> {
  let database: Database | undefined;
  while (!database && idle.length > 0) {
    const candidate = idle.pop()!;
    if (fresh && (await reset(candidate, fresh, sessionSettingValues(settings)))) {
      database = candidate;
      poolCounts.reused += 1;
    } else {
      poolCounts.discarded += 1;
      await candidate.close().catch(() => undefined);
    }
  }
  if (!database) {
    database = await openDatabase({ kind: 'memory', image }, settings);
    poolCounts.opened += 1;
    fresh ??= await readFreshState(database);
  }
  const leased = database;
  let returned = false;
  return {
    ...leased,
    async close() {
      if (returned) return;
      returned = true;
      if (idle.length < MAX_IDLE) idle.push(leased);
      else await leased.close();
    },
  };
}

/**
 * Everything a test could see of a database's state, for comparing two: every table's rows, every
 * sequence's position, the schema, and the session's settings that the server relies on.
 */
export async function dumpState(database: Database): Promise<Record<string, unknown>> {
  const state: Record<string, unknown> = {};
  for (const name of await appTables(database)) {
    const { rows } = await sql<{
      row: string;
    }>`SELECT row_to_json(t)::text AS row FROM ${sql.raw(name)} AS t ORDER BY 1`.execute(database.db);
    state[`table ${name}`] = rows.map((row) => row.row);
  }
  const { rows: sequences } = await sql<{ name: string; last_value: string | null }>`
    SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS last_value FROM pg_sequences ORDER BY 1`.execute(
    database.db,
  );
  for (const { name, last_value } of sequences) state[`sequence ${name}`] = last_value;
  state.schema = await schemaDigest(database);
  // The quota as migration 009's trigger reads it: a setting once made in a session stays defined, as ''.
  const { rows: settings } = await sql<{ quota: string | null; zone: string }>`
    SELECT nullif(current_setting('sprout.notes_quota', true), '') AS quota, current_setting('TimeZone') AS zone`.execute(
    database.db,
  );
  state.settings = settings[0];
  return state;
}
