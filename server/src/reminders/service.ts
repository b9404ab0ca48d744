// Reminders by Web Push as one server holds them (issue 35, item 3): the push secrets, read from the
// database when first needed, and the scheduler, run by main.ts (not here: tests and benchmarks building
// a server get no job sending under them; tests run it themselves).
import type { AppContext } from '../http/context';
import { loadPushSecrets, type PushSecrets } from '../secrets';
import { createReminderScheduler, type Log } from './scheduler';

export function createReminders(ctx: AppContext, log: Log) {
  let loading: Promise<PushSecrets> | undefined;
  const secrets = (): Promise<PushSecrets> => {
    loading ??= loadPushSecrets(ctx.config, ctx.db).catch((error: unknown) => {
      // A failed read (the database busy at start) is tried again by the next caller.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    /** REMINDER_INTERVAL_MS=0 turns push reminders off: no key is offered, no browser subscribes. */
    enabled: ctx.config.push.reminderIntervalMs > 0,
    secrets,
    scheduler: createReminderScheduler({ db: ctx.db, secrets, subject: ctx.config.push.vapidSubject, log }),
  };
}

export type Reminders = ReturnType<typeof createReminders>;

/** Runs the scheduler every `intervalMs`, one run at a time; returns the stop, which waits for a run under way. */
export function scheduleReminders(reminders: Reminders, intervalMs: number, log: Log): () => Promise<void> {
  if (!reminders.enabled) return async () => undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      await reminders.scheduler.runOnce();
    } catch (error) {
      log.warn({ err: error }, 'looking for due reminders failed; the next run tries again');
    }
    if (!stopped) timer = setTimeout(() => (running = run()), intervalMs).unref();
  };
  timer = setTimeout(() => (running = run()), intervalMs).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
