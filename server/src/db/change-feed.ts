// The database's change hints (migration 006, docs/sync.md [S21]): the write triggers NOTIFY on one
// channel; each server listens on one connection and hands the parsed hints to its realtime hub. The
// same interface fits every driver (a pg connection of its own, PGlite in process, PGlite in a worker).
import type pg from 'pg';
import { exponentialBackoff } from '#core/backoff';

export const CHANGE_CHANNEL = 'sprout_changes';
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'sprout-change-feed';

/** A committed write to a user's note, or a session that ended. A hint: the row is read separately. */
export type ChangeHint =
  | {
      kind: 'note';
      op: 'INSERT' | 'UPDATE' | 'DELETE';
      userId: string;
      noteId: string;
      revision: number;
      /** The session whose write asked not to be echoed back to it (REST's `Sprout-Echo: none`), or null. */
      writerSession: string | null;
    }
  | { kind: 'session_ended'; userId: string; sessionId: string };

/**
 * `down`: the listening connection dropped, so hints may have been missed until `up` (then the hub
 * tells its clients to pull, since a lost hint costs only latency [S21]).
 */
export type FeedStatus = 'up' | 'down';

export interface ChangeListener {
  onHint(hint: ChangeHint): void;
  onStatus?(status: FeedStatus): void;
}

/** Stops listening; resolves once the connection is released. */
export type StopListening = () => Promise<void>;

const OPS = { I: 'INSERT', U: 'UPDATE', D: 'DELETE' } as const;

/** Reads one NOTIFY payload; anything else on the channel (a stray NOTIFY by hand) is ignored. */
export function parseChangeHint(payload: string | undefined): ChangeHint | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.u !== 'string') return null;
  if (
    v.t === 'n' &&
    typeof v.i === 'string' &&
    typeof v.r === 'number' &&
    (v.o === 'I' || v.o === 'U' || v.o === 'D')
  ) {
    return {
      kind: 'note',
      op: OPS[v.o],
      userId: v.u,
      noteId: v.i,
      revision: v.r,
      writerSession: typeof v.w === 'string' ? v.w : null,
    };
  }
  if (v.t === 's' && typeof v.s === 'string') return { kind: 'session_ended', userId: v.u, sessionId: v.s };
  return null;
}

const RECONNECT = { baseMs: 250, factor: 2, maxMs: 10_000, jitterMs: 250 } as const;

/**
 * LISTEN on a dedicated connection (a pooled one would lose its LISTEN when returned). When it drops,
 * reconnects with back-off and reports `down` then `up`.
 */
export async function listenOnPostgres(url: string, listener: ChangeListener): Promise<StopListening> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  // Loaded here, not at import: the embedded mode never loads the pg driver.
  const { default: pgDriver } = await import('pg');
  const connect = async (): Promise<void> => {
    const next = new pgDriver.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      const hint = parseChangeHint(message.payload);
      if (hint) listener.onHint(hint);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
  };

  const lost = (which: pg.Client) => {
    if (stopped || client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    listener.onStatus?.('down');
    schedule();
  };

  const schedule = () => {
    const delay = exponentialBackoff(RECONNECT, attempt++);
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          if (!stopped) listener.onStatus?.('up');
        },
        () => {
          if (!stopped) schedule();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

/** The subset of PGlite's API that LISTEN needs (the worker driver can offer the same). */
export interface PGliteListenable {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** PGlite delivers NOTIFY in process after each statement; there is no connection to lose. */
export async function listenOnPGlite(pglite: PGliteListenable, listener: ChangeListener): Promise<StopListening> {
  const unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => {
    const hint = parseChangeHint(payload);
    if (hint) listener.onHint(hint);
  });
  return () => unlisten();
}
