// The notes one user may keep (NOTES_QUOTA): rows, tombstones included, since a tombstone occupies the
// database until it is purged. The count comes from note_counts (kept by triggers, migration 007), one
// row read by key, so the check costs the same at 10 notes and at 10,000. Inside a write's transaction
// a refusal rolls it back; a lone insert is not wrapped, so two racing inserts may both pass at the
// edge, which a quota can afford (the write rate limit bounds how far).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { restErrors } from './errors';
import type { SqlRow } from './write-body';

/** Refuses (429) an insert that would take the caller past the quota; updates of their existing rows always pass. */
export async function assertWithinQuota(trx: Kysely<DB>, userId: string, rows: SqlRow[], quota: number): Promise<void> {
  const counted = await trx.selectFrom('note_counts').select('n').where('user_id', '=', userId).executeTakeFirst();
  const held = counted?.n ?? 0;
  if (held + rows.length <= quota) return;
  // Near the limit: count only the rows this request would add (an upsert of existing notes adds none).
  const ids = rows.map((row) => row.id).filter((id): id is string => typeof id === 'string');
  const existing =
    ids.length === 0
      ? 0
      : Number(
          (
            await trx
              .selectFrom('notes')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', userId)
              .where(sql<boolean>`id = any(${ids}::uuid[])`)
              .executeTakeFirstOrThrow()
          ).n,
        );
  const added = rows.length - existing;
  if (added > 0 && held + added > quota) throw restErrors.quotaExceeded(quota);
}
