// What a backup holds, read from the database's own catalog rather than listed by hand, so a table a
// later migration adds is backed up without anyone remembering to: every table of Sprout's schemas but
// the purely technical ones, in an order where a table comes after the tables it references.
import { sql, type Kysely } from 'kysely';
import type { SequenceValue } from './backup-format';

/** The schemas Sprout's migrations create tables in. */
export const SPROUT_SCHEMAS = ['public', 'private'];

/**
 * Left out: the migrations' own record (the header lists them), rate-limit counters (a restore forgives
 * the current window), and the secrets table (the header holds the secrets, the encryption key only
 * when asked).
 */
export const NOT_BACKED_UP = new Set(['public.schema_migrations', 'private.rate_limits', 'private.server_secrets']);

export interface BackedUpTable {
  /** Schema-qualified. */
  name: string;
  /** Primary-key columns: rows are copied in this order. */
  orderBy: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- catalog queries run on any database's handle
type AnyDb = Kysely<any>;

export async function backedUpTables(db: AnyDb): Promise<BackedUpTable[]> {
  const tables = await sql<{ name: string; pk: string[] | null }>`
    SELECT n.nspname || '.' || c.relname AS name,
      (SELECT array_agg(a.attname::text ORDER BY k.ord)
         FROM pg_index i
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
        WHERE i.indrelid = c.oid AND i.indisprimary) AS pk
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = ANY(${SPROUT_SCHEMAS}::text[])
    ORDER BY 1`.execute(db);
  const references = await sql<{ child: string; parent: string }>`
    SELECT DISTINCT cn.nspname || '.' || cc.relname AS child, pn.nspname || '.' || pc.relname AS parent
    FROM pg_constraint f
    JOIN pg_class cc ON cc.oid = f.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
    JOIN pg_class pc ON pc.oid = f.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
    WHERE f.contype = 'f' AND f.conrelid <> f.confrelid AND cn.nspname = ANY(${SPROUT_SCHEMAS}::text[])`.execute(db);
  const kept = tables.rows.filter((table) => !NOT_BACKED_UP.has(table.name));
  const order = parentsFirst(
    kept.map((table) => table.name),
    references.rows,
  );
  const byName = new Map(kept.map((table) => [table.name, table]));
  return order.map((name) => ({ name, orderBy: byName.get(name)?.pk ?? [] }));
}

/** Names sorted so that each comes after those it references (stable: by name otherwise). */
export function parentsFirst(names: string[], references: { child: string; parent: string }[]): string[] {
  const placed = new Set<string>();
  const result: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const { parent } of references.filter((reference) => reference.child === name))
      if (names.includes(parent)) visit(parent, path);
    path.delete(name);
    placed.add(name);
    result.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return result;
}

/** Where each sequence of Sprout's schemas stands (a sequence never used yet: 1, not called). */
export async function sequencesOf(db: AnyDb): Promise<SequenceValue[]> {
  const rows = await sql<{ name: string; last_value: string | number | null }>`
    SELECT schemaname || '.' || sequencename AS name, last_value
    FROM pg_sequences WHERE schemaname = ANY(${SPROUT_SCHEMAS}::text[]) ORDER BY 1`.execute(db);
  return rows.rows.map((row) =>
    row.last_value === null
      ? { name: row.name, value: 1, isCalled: false }
      : { name: row.name, value: Number(row.last_value), isCalled: true },
  );
}
