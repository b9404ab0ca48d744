// What the calendar endpoints do, below HTTP (routes.ts): a user's feed (made, made anew, turned off,
// looked up by its token's hash), kept as the server in `private`, and the dated items it serves, read
// as the feed's user under row-level security, so a feed can never hold another user's notes.
import { sql, type Kysely } from 'kysely';
import type { DatedStep } from '#core/icalendar';
import { hasCalendarDate } from '#core/icalendar';
import type { ChecklistItem } from '#core/note-fields';
import { normalizeChecklistItems } from '#core/checklist';
import type { DB } from '../db/schema';
import type { AppContext } from '../http/context';
import { hashFeedToken, newFeedToken } from './feed-token';

export interface FeedStatus {
  createdAt: Date | null;
}

export async function feedStatus(ctx: AppContext, userId: string): Promise<FeedStatus> {
  const row = await ctx.db
    .selectFrom('private.calendar_feeds')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { createdAt: row?.created_at ?? null };
}

/** A new token for the user's feed, replacing any other: the old link stops working at once. */
export async function createFeed(
  ctx: AppContext,
  userId: string,
  timeZone: string | null = null,
): Promise<{ token: string; createdAt: Date }> {
  const token = newFeedToken();
  const tokenHash = hashFeedToken(token);
  const row = await ctx.db
    .insertInto('private.calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, time_zone: timeZone })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ token_hash: tokenHash, created_at: sql<Date>`now()`, time_zone: timeZone }),
    )
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return { token, createdAt: row.created_at };
}

export async function revokeFeed(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.deleteFrom('private.calendar_feeds').where('user_id', '=', userId).execute();
}

/**
 * Whose feed a token opens, or undefined. The database compares the hashes: no secret is compared in
 * this process, and an unknown token and a revoked one take the same path.
 */
export async function feedOwner(
  ctx: AppContext,
  token: string,
): Promise<{ userId: string; timeZone: string | null } | undefined> {
  const row = await ctx.db
    .selectFrom('private.calendar_feeds')
    .select(['user_id', 'time_zone'])
    .where('token_hash', '=', hashFeedToken(token))
    .executeTakeFirst();
  return row && { userId: row.user_id, timeZone: row.time_zone };
}

/**
 * The user's dated checklist items, done ones included, from the notes in their lists: not deleted, not
 * in the Trash, not archived (an archived note's plan is put away). Only checklist notes that hold a
 * dated item at all are read.
 */
export async function datedSteps(ctx: AppContext, userId: string): Promise<DatedStep[]> {
  const rows = await ctx.asUser.statements(userId, (db: Kysely<DB>) =>
    db
      .selectFrom('notes')
      .select(['id', 'title', 'updated_at', 'checklist_items'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('trashed_at', 'is', null)
      .where('archived_at', 'is', null)
      .where('is_checklist', '=', true)
      .where(sql<boolean>`checklist_items @? '$[*].due'`)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  );
  return rows.flatMap((row) => {
    const note = { id: row.id, title: row.title, updated_at: row.updated_at.toISOString() };
    // Read as stored notes are read everywhere: a malformed item or date is repaired or left out, never a 500.
    const items: ChecklistItem[] = normalizeChecklistItems(row.checklist_items) ?? [];
    return items.filter(hasCalendarDate).map((item) => ({ note, item }));
  });
}
