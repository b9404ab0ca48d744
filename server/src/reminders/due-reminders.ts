// The scheduler's statements: the reminders due now, each claimed by one server, and the tables' upkeep.
//
// Which notes are read: only live checklists that hold an item with `remind: true`, of users with at least
// one push subscription. The partial index of migration 023 holds exactly those notes, so a tick reads a
// few rows per such user, whatever the number of notes. Their items are expanded in SQL and compared as
// text: an instant is stored as YYYY-MM-DDTHH:MM:SS.sssZ, whose byte order is time order (compared
// COLLATE "C"), so no cast can fail on a date the database cannot read.
//
// Once: a reminder is claimed by inserting its row into private.reminders_sent in the same statement that
// finds it (ON CONFLICT DO NOTHING): of two servers running at the same moment, the second's insert waits
// for the first's and then inserts nothing, so it sends nothing. A snoozed reminder is claimed by setting
// its `sent_at` (UPDATE ... WHERE sent_at IS NULL, rechecked after the other's commit). A server that
// stops between the claim and the send loses that reminder: at most once, never twice.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { findItem, isPendingReminder } from './item-actions';
import type { DueReminder } from './payload';

/** Reminders claimed per tick at most: the rest wait for the next tick. */
export const REMINDERS_PER_TICK = 500;

/** The first send of each reminder due in (windowStart, now], oldest first; claimed for this server. */
export async function claimDueReminders(
  db: Kysely<DB>,
  now: Date,
  windowStart: Date,
  limit = REMINDERS_PER_TICK,
): Promise<DueReminder[]> {
  const { rows } = await sql<{
    user_id: string;
    note_id: string;
    item_id: string;
    due: string;
    title: string | null;
    item_text: string | null;
  }>`
    WITH found AS (
      SELECT n.user_id, n.id AS note_id, n.title, i.item ->> 'id' AS item_id, i.item ->> 'text' AS item_text,
        i.item ->> 'due' AS due
      FROM (SELECT DISTINCT user_id FROM private.push_subscriptions) p
      JOIN notes n ON n.user_id = p.user_id
      CROSS JOIN LATERAL jsonb_array_elements(n.checklist_items) AS i(item)
      WHERE n.is_checklist AND n.deleted_at IS NULL AND n.trashed_at IS NULL
        AND n.checklist_items @> '[{"remind": true}]'
        AND i.item @> '{"remind": true}' AND NOT i.item @> '{"completed": true}'
        AND jsonb_typeof(i.item -> 'id') = 'string' AND jsonb_typeof(i.item -> 'due') = 'string'
        AND length(i.item ->> 'due') = 24
        AND (i.item ->> 'due') COLLATE "C" <= ${now.toISOString()}
        AND (i.item ->> 'due') COLLATE "C" > ${windowStart.toISOString()}
        AND NOT EXISTS (SELECT FROM private.reminders_sent s
          WHERE s.note_id = n.id AND s.item_id = i.item ->> 'id' AND s.due = i.item ->> 'due')
      ORDER BY due
      LIMIT ${limit}
    ), claimed AS (
      INSERT INTO private.reminders_sent (note_id, item_id, due, user_id)
      SELECT note_id, item_id, due, user_id FROM found
      ON CONFLICT DO NOTHING
      RETURNING note_id, item_id, due
    )
    SELECT f.* FROM found f JOIN claimed c USING (note_id, item_id, due)`.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    noteId: row.note_id,
    itemId: row.item_id,
    due: row.due,
    noteTitle: row.title ?? '',
    itemText: row.item_text ?? '',
  }));
}

/**
 * The snoozed reminders whose hour is up (in (windowStart, now]), claimed for this server; those whose
 * item was ticked, moved to another date or removed since, or whose note went to the Trash, are claimed
 * too, and not sent.
 */
export async function claimSnoozedReminders(db: Kysely<DB>, now: Date, windowStart: Date): Promise<DueReminder[]> {
  const { rows } = await sql<{
    user_id: string;
    note_id: string;
    item_id: string;
    due: string;
    title: string | null;
    checklist_items: unknown;
    live: boolean;
  }>`
    UPDATE private.reminder_snoozes s SET sent_at = ${now}
    FROM notes n
    WHERE s.sent_at IS NULL AND s.snoozed_until <= ${now} AND s.snoozed_until > ${windowStart}
      AND n.id = s.note_id
    RETURNING s.user_id, s.note_id, s.item_id, s.due, n.title, n.checklist_items,
      (n.deleted_at IS NULL AND n.trashed_at IS NULL AND n.is_checklist) AS live`.execute(db);
  return rows.flatMap((row) => {
    const item = findItem(row.checklist_items, row.item_id);
    if (!row.live || !isPendingReminder(item, row.due) || item?.remind !== true) return [];
    return [
      {
        userId: row.user_id,
        noteId: row.note_id,
        itemId: row.item_id,
        due: row.due,
        noteTitle: row.title ?? '',
        itemText: typeof item.text === 'string' ? item.text : '',
      },
    ];
  });
}

/** Forgets what was sent or snoozed before `before`: the window keeps those from being found again. */
export async function pruneSent(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('private.reminders_sent').where('due', '<', before.toISOString()).execute();
  await db.deleteFrom('private.reminder_snoozes').where('snoozed_until', '<', before).execute();
}
