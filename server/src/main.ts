// Entry point of `npm start`: configuration, database, app, a start-up banner at a terminal (JSON logs
// elsewhere), one-line messages for the usual start-up failures, and a graceful shutdown on SIGTERM/SIGINT.
import { performance } from 'node:perf_hooks';
import { loadConfig, ConfigError } from './config';
import { startDatabase } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { DatabaseCreateError } from './db/pglite-create';
import { scheduleIndexing } from './ai/meaning/service';
import { scheduleReminders } from './reminders/service';
import { DEFAULT_PURGE_SCHEDULE, schedulePurge } from './db/tombstone-purge';
import { restrictUmask } from './db/data-dir-permissions';
import { takeEarlyWorker } from './db/pglite-thread';
import { formatBanner, summarizeStart } from './startup/banner';
import { describeVersion } from './startup/version';
import { describeListenError } from './startup/listen-error';
import { listenAdminSocket, type AdminSocket } from './ops/admin-socket';
import { startLogger } from './startup/logger';

const SHUTDOWN_GRACE_MS = 10_000;

/** A start-up failure whose message says everything a person needs: printed alone, without a stack. */
class StartupError extends Error {}

async function main(): Promise<void> {
  const started = performance.now();
  // Before anything is written: the database, the WAL and the secrets are readable by this account only.
  restrictUmask();
  const config = loadConfig();
  // Started by boot.ts (npm start) before this module loaded, when DATABASE_URL looked unset.
  const pgliteWorker = takeEarlyWorker();
  if (config.databaseUrl) void pgliteWorker?.terminate();
  const terminal = {
    isTTY: process.stdout.isTTY === true,
    color: process.stdout.isTTY === true && process.stdout.hasColors(),
  };
  // The embedded database opens in its worker thread while this thread loads and builds the web server:
  // the two were most of a restart, one after the other. Nothing listens before the database is ready.
  const starting = startDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir, worker: pgliteWorker },
    {
      notesQuota: config.notesQuota,
    },
  );
  starting.catch(() => undefined);
  const { createServer, loggerOptions } = await import('./app');
  const { database, ready } = await starting;
  const [{ app, ctx }] = await Promise.all([
    createServer(config, database, { logger: await startLogger(loggerOptions(config.logLevel), terminal) }),
    ready,
  ]);
  // The server's own upkeep [S10] [S31]: here, not in createServer, so that tests and benchmarks building a
  // server get no job deleting rows under them.
  const stopPurge = schedulePurge(database.db, {
    ...DEFAULT_PURGE_SCHEDULE,
    onPurged: (purged) =>
      app.log.info({ purged }, 'purged old tombstones, expired notes in the Trash and old versions'),
    onError: (error) => app.log.warn({ err: error }, 'purging failed; the next purge tries again'),
  });
  // The assistant's index of meaning (issue 34): each server runs the indexer, one at a time holds the lease.
  const stopIndexing = scheduleIndexing(app.assistant, config.ai.embedding.indexIntervalMs, app.log);
  // Reminders by Web Push (issue 35): each server looks; each reminder is claimed, and sent, by one.
  const stopReminders = scheduleReminders(app.reminders, config.push.reminderIntervalMs, app.log);
  // The embedded database's worker thread died (a crash in PGlite): every query fails from now on, and
  // /api/ready says so until the process ends. Reopening the directory in a new worker in this process
  // would leave the change feed and any half-done transaction to reason about; a restart by the
  // supervisor (systemd, Docker) is clean, and a restart takes about a second.
  database.onLost?.((error) => {
    app.log.fatal(
      { err: error },
      'the embedded database stopped (its worker thread exited); exiting so that the supervisor restarts Sprout',
    );
    // A moment for the log line to reach its destination.
    setTimeout(() => process.exit(1), 200).unref();
  });
  let closing = false;
  let adminSocket: AdminSocket | undefined;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopPurge();
    const indexingStopped = stopIndexing();
    const remindersStopped = stopReminders();
    void adminSocket?.close();
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app
      .close()
      .then(() => indexingStopped)
      .then(() => remindersStopped)
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    stopPurge();
    await stopIndexing();
    await stopReminders();
    await app.close().catch(() => undefined);
    await database.close();
    const message = describeListenError(error, config);
    throw message ? new StartupError(message) : error;
  }
  // `npm run admin` reaches the embedded database through this server while it runs (ops/admin-socket.ts).
  if (database.kind === 'pglite') {
    adminSocket = await listenAdminSocket(
      config.dataDir,
      { db: database.db, kind: database.kind, config, version: ctx.version },
      app.log,
    );
  }
  const summary = summarizeStart(config, performance.now() - started, describeVersion(ctx.version));
  if (terminal.isTTY) {
    process.stdout.write(`${formatBanner(summary, terminal.color)}\n`);
  } else {
    app.log.info(
      {
        version: ctx.version.version,
        commit: ctx.version.commit,
        database: database.kind,
        ai: config.ai.serverKey ? 'server key' : 'no server key',
        startupMs: summary.startupMs,
      },
      `Sprout is running at ${summary.url}`,
    );
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseCreateError ||
    error instanceof StartupError
  ) {
    console.error(error.message);
  } else {
    console.error('Sprout failed to start:', error);
  }
  process.exit(1);
});
