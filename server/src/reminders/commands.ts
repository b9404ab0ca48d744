// What the push and reminder endpoints do: keep a browser's subscription (re-owned by whoever subscribes
// on it last), forget it, and act on a reminder: 'done' ticks its item, or moves a repeating one to its
// next date, as a real write of the note (a new revision every device pulls); 'snooze' sends it again in
// an hour. The subscriptions and snoozes are the server's own tables (private), written as the server;
// the note is written as its user (db/as-user.ts), under the notes' row-level security.
import { sql, type Kysely } from 'kysely';
import type { LocalSettings, UserScope } from '../db/as-user';
import type { DB } from '../db/schema';
import { ApiError } from '../http/errors/json-errors';
import { findItem, isPendingReminder, markDone } from './item-actions';
import { dayInZone, nextDue } from '#core/due-dates';
import type { ReminderActionBody, SubscriptionBody } from './schemas';

/** Browsers one user may have subscribed at once: the oldest goes when another subscribes. */
export const SUBSCRIPTIONS_PER_USER = 20;
export const SNOOZE_MS = 60 * 60 * 1000;

export const reminderErrors = {
  notFound: () => new ApiError(404, 'not_found', 'This reminder is no longer in the note.'),
  invalidToken: () =>
    new ApiError(401, 'invalid_token', "This reminder's buttons have expired. Open the note to tick the item.", {
      'WWW-Authenticate': 'Bearer',
    }),
  pushOff: () => new ApiError(404, 'push_unavailable', 'Reminders by push are turned off on this server.'),
};

export async function saveSubscription(
  db: Kysely<DB>,
  userId: string,
  subscription: SubscriptionBody,
  userAgent: string | undefined,
): Promise<void> {
  const values = {
    user_id: userId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    user_agent: userAgent?.slice(0, 300) ?? null,
  };
  await db.transaction().execute(async (trx) => {
    // A browser another user subscribed on before becomes this user's: it reminds whoever is signed in.
    await trx
      .insertInto('private.push_subscriptions')
      .values({ endpoint: subscription.endpoint, ...values })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ ...values, created_at: sql`now()`, last_success_at: null, failures: 0 }),
      )
      .execute();
    await trx
      .deleteFrom('private.push_subscriptions')
      .where('user_id', '=', userId)
      .where(
        'endpoint',
        'not in',
        trx
          .selectFrom('private.push_subscriptions')
          .select('endpoint')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .limit(SUBSCRIPTIONS_PER_USER),
      )
      .execute();
  });
}

/** Forgets the caller's subscription of this endpoint (none is no error: the browser's unsubscribe is done). */
export async function deleteSubscription(db: Kysely<DB>, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('private.push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .execute();
}

export type ReminderActionResult =
  | { outcome: 'ticked' | 'moved'; due: string; revision: number }
  | { outcome: 'unchanged' }
  | { outcome: 'snoozed'; snoozedUntil: Date };

/** Who acts: the note's user, and their session when they act from the app (the history names it). */
export interface Actor {
  userId: string;
  sessionId: string | null;
}

type Reminder = Pick<ReminderActionBody, 'noteId' | 'itemId' | 'due' | 'timeZone'>;

/**
 * 'Done': ticks the item, or moves a repeating one on, in one transaction holding the note's row, so a
 * write from a device meanwhile is neither lost nor overwritten. Already done (a second tap, another
 * device's tick) writes nothing.
 */
export async function markReminderDone(
  asUser: UserScope,
  actor: Actor,
  reminder: Reminder,
): Promise<ReminderActionResult> {
  // From the app, its session is the writer; from a notification, no session is (the history's 'device').
  const settings: LocalSettings = actor.sessionId ? { 'sprout.session': actor.sessionId } : {};
  return asUser.transaction(
    actor.userId,
    async (trx): Promise<ReminderActionResult> => {
      const note = await liveNote(trx, actor.userId, reminder.noteId).forUpdate().executeTakeFirst();
      if (!note) throw reminderErrors.notFound();
      // As the app ticks a repeating item: its next date after today in the user's zone, at the same time.
      const timeZone = reminder.timeZone ?? 'UTC';
      const today = dayInZone(new Date(), timeZone);
      const done = markDone(note.checklist_items, reminder.itemId, reminder.due, (due, repeat) =>
        nextDue(due, repeat, timeZone, today),
      );
      if (done.kind === 'missing') throw reminderErrors.notFound();
      if (done.kind === 'unchanged') return { outcome: 'unchanged' };
      const row = await trx
        .updateTable('notes')
        .set({
          checklist_items: JSON.stringify(done.items),
          updated_at: sql`now()`,
          last_mutation_id: sql`gen_random_uuid()`,
          base_revision: null,
        })
        .where('id', '=', reminder.noteId)
        .where('user_id', '=', actor.userId)
        .returning('revision')
        .executeTakeFirstOrThrow();
      return { outcome: done.kind, due: done.due, revision: Number(row.revision) };
    },
    settings,
  );
}

/**
 * 'Snooze 1 h': the reminder is sent again an hour from now (the scheduler's snoozes), and never as a first
 * send (it is marked sent). An item ticked or moved meanwhile is not snoozed: 'unchanged'.
 */
export async function snoozeReminder(
  db: Kysely<DB>,
  asUser: UserScope,
  actor: Actor,
  reminder: Reminder,
  now: number,
): Promise<ReminderActionResult> {
  const note = await asUser.statements(actor.userId, (scoped) =>
    liveNote(scoped, actor.userId, reminder.noteId).executeTakeFirst(),
  );
  const item = findItem(note?.checklist_items, reminder.itemId);
  if (!note || !item) throw reminderErrors.notFound();
  if (!isPendingReminder(item, reminder.due)) return { outcome: 'unchanged' };
  const snoozedUntil = new Date(now + SNOOZE_MS);
  const key = { note_id: reminder.noteId, item_id: reminder.itemId, due: reminder.due, user_id: actor.userId };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('private.reminders_sent')
      .values(key)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('private.reminder_snoozes')
      .values({ ...key, snoozed_until: snoozedUntil, sent_at: null })
      .onConflict((oc) =>
        oc.columns(['note_id', 'item_id', 'due']).doUpdateSet({ snoozed_until: snoozedUntil, sent_at: null }),
      )
      .execute();
  });
  return { outcome: 'snoozed', snoozedUntil };
}

/** The user's note, neither in the Trash nor deleted: only such a note's items remind. */
function liveNote(db: Kysely<DB>, userId: string, noteId: string) {
  return db
    .selectFrom('notes')
    .select(['checklist_items'])
    .where('id', '=', noteId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('trashed_at', 'is', null);
}
