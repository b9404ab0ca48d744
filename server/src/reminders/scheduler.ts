// The reminders' scheduler (issue 35, item 3; ARCHITECTURE 10.9): every server runs it on an interval
// (REMINDER_INTERVAL_MS); each run claims the reminders due since the last (due-reminders.ts: each claimed
// by one server only), sends each to every push subscription of its user, and keeps the subscriptions
// honest: one the push service says is gone (404, 410) is deleted, one that keeps failing goes after
// MAX_FAILURES runs without a delivery.
//
// The window: a reminder is sent if it fell due in the last REMINDER_WINDOW_MS (a day). After a server
// was down for an hour its reminders go out late, once it is back; after a week, the week's backlog is not
// sent at all: a reminder days late reminds of nothing, and a burst of them would teach the user to
// ignore the next.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PushSecrets } from '../secrets';
import { signActionToken } from './action-token';
import { claimDueReminders, claimSnoozedReminders, pruneSent } from './due-reminders';
import { reminderPayload, type DueReminder } from './payload';
import { createPushSender, type PushOutcome, type PushSender, type PushTarget } from './push-sender';

export const REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Failed runs in a row (no delivery at all) after which a subscription is dropped. */
export const MAX_FAILURES = 20;
const SEND_CONCURRENCY = 8;
const SEND_TIMEOUT_MS = 10_000;

/** What the scheduler writes to the server's log: warnings with their details (pino is one). */
export interface Log {
  warn(details: object, message: string): void;
}

export interface ReminderRun {
  /** Reminders claimed and sent by this run. */
  reminders: number;
  /** Push messages the push services accepted. */
  delivered: number;
  /** Push messages refused or lost on the way (a 404 or 410 among them drops the subscription). */
  failed: number;
  /** Subscriptions deleted. */
  dropped: number;
}

export interface SchedulerOptions {
  db: Kysely<DB>;
  secrets: () => Promise<PushSecrets>;
  /** The contact the push services are given (VAPID `sub`). */
  subject: string;
  log: Log;
}

interface Job {
  target: PushTarget;
  payload: string;
}

export function createReminderScheduler(options: SchedulerOptions) {
  const { db, log } = options;
  let send: PushSender | undefined;

  async function subscriptionsOf(userIds: string[]): Promise<Map<string, PushTarget[]>> {
    const rows = await db
      .selectFrom('private.push_subscriptions')
      .select(['endpoint', 'user_id', 'p256dh', 'auth'])
      .where('user_id', 'in', userIds)
      .execute();
    const byUser = new Map<string, PushTarget[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    return byUser;
  }

  /** One update per kind of outcome: an endpoint with any delivery this run is well. */
  async function record(jobs: Job[], outcomes: PushOutcome[], now: Date, run: ReminderRun): Promise<void> {
    const gone = new Set<string>();
    const delivered = new Set<string>();
    const failed = new Set<string>();
    jobs.forEach((job, index) => {
      const outcome = outcomes[index]!;
      const { endpoint } = job.target;
      if (outcome.ok) delivered.add(endpoint);
      else if (outcome.gone) gone.add(endpoint);
      else {
        failed.add(endpoint);
        log.warn(
          { pushService: new URL(endpoint).host, status: outcome.status, err: outcome.error },
          'a reminder was not delivered to a push service',
        );
      }
    });
    for (const endpoint of [...gone, ...delivered]) failed.delete(endpoint);
    for (const endpoint of gone) delivered.delete(endpoint);
    if (gone.size > 0) {
      const result = await db
        .deleteFrom('private.push_subscriptions')
        .where('endpoint', 'in', [...gone])
        .execute();
      run.dropped += Number(result[0]?.numDeletedRows ?? 0);
    }
    if (delivered.size > 0)
      await db
        .updateTable('private.push_subscriptions')
        .set({ last_success_at: now, failures: 0 })
        .where('endpoint', 'in', [...delivered])
        .execute();
    if (failed.size > 0) {
      await db
        .updateTable('private.push_subscriptions')
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('endpoint', 'in', [...failed])
        .execute();
      const result = await db
        .deleteFrom('private.push_subscriptions')
        .where('endpoint', 'in', [...failed])
        .where('failures', '>=', MAX_FAILURES)
        .execute();
      run.dropped += Number(result[0]?.numDeletedRows ?? 0);
    }
  }

  return {
    /** One look for due reminders, at `now`; for the schedule and tests. */
    async runOnce(now: number = Date.now()): Promise<ReminderRun> {
      const run: ReminderRun = { reminders: 0, delivered: 0, failed: 0, dropped: 0 };
      const secrets = await options.secrets();
      send ??= createPushSender({
        vapid: { publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey, subject: options.subject },
        // Undelivered a day later (the browser offline), the push service drops it: it reminds of nothing then.
        ttlSeconds: REMINDER_WINDOW_MS / 1000,
        timeoutMs: SEND_TIMEOUT_MS,
      });
      const at = new Date(now);
      const windowStart = new Date(now - REMINDER_WINDOW_MS);
      const reminders: DueReminder[] = [
        ...(await claimDueReminders(db, at, windowStart)),
        ...(await claimSnoozedReminders(db, at, windowStart)),
      ];
      // A day past the window: nothing that old can be found again.
      await pruneSent(db, new Date(now - 2 * REMINDER_WINDOW_MS));
      if (reminders.length === 0) return run;
      run.reminders = reminders.length;
      const subscriptions = await subscriptionsOf([...new Set(reminders.map((reminder) => reminder.userId))]);
      const jobs = reminders.flatMap((reminder) => {
        const payload = JSON.stringify(reminderPayload(reminder, signActionToken(secrets.actionKey, reminder, now)));
        return (subscriptions.get(reminder.userId) ?? []).map((target) => ({ target, payload }));
      });
      const sender = send;
      const outcomes = await inPool(jobs, SEND_CONCURRENCY, (job) => sender(job.target, job.payload));
      run.delivered = outcomes.filter((outcome) => outcome.ok).length;
      run.failed = outcomes.length - run.delivered;
      await record(jobs, outcomes, at, run);
      return run;
    },
  };
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;

/** `work` over every item, at most `limit` at a time; the results in the items' order. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
