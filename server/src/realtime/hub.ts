// This server's sockets and the database's change hints ([S21]): every committed note write (by any
// server, or by SQL) arrives as a NOTIFY hint; the hub reads the hinted rows once per batch, only the
// hinted user's, and pushes them to that user's sockets on this server. Ended sessions close their
// sockets; a sweep closes idle and unjoined ones (a connection closes itself when its token expires). The hub keeps no state that another server
// needs: a socket's client can reconnect to any server and pulls what it missed.
import type { WebSocket } from 'ws';
import type { ChangeHint, ChangeListener, FeedStatus, StopListening } from '../db/change-feed';
import type { Caller } from '../identity/authenticate';
import { liveSessions, readUserNotes } from './commands';
import type { HubDeps } from './deps';
export { DEFAULT_REALTIME_LIMITS, type HubDeps, type RealtimeLimits } from './deps';
import { CLOSE, Connection, type ConnectionHost } from './connection';
import { changeFrames } from './frames';
import { presentRow } from './presenters';
import type { ChangeType } from './subscriptions';

const SWEEP_MS = 5_000;
/** Sessions are re-checked in the database every this many sweeps, in case a hint was lost. */
const SESSION_CHECK_EVERY = 6;

interface PendingChange {
  op: ChangeType;
  noteId: string;
  /** The session that wrote the note and asked for no echo (REST's `Sprout-Echo: none`); null when none or several. */
  quietSession: string | null;
}

export class RealtimeHub implements ConnectionHost, ChangeListener {
  readonly deps: HubDeps;
  private readonly connections = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  private pending = new Map<string, Map<string, PendingChange>>();
  private flushScheduled = false;
  private sweepTimer: ReturnType<typeof setInterval> | null = null;
  private sweeps = 0;
  private stopListening: StopListening | null = null;
  private closing = false;

  private feed: FeedStatus | 'starting' = 'starting';

  constructor(deps: HubDeps) {
    this.deps = deps;
  }

  async start(listen: (listener: ChangeListener) => Promise<StopListening>): Promise<void> {
    this.stopListening = await listen(this);
    this.feed = 'up';
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Closes every socket with a reconnect hint (1012); their clients come back and pull [S21]. */
  closeAll(code: number = CLOSE.restart, reason = 'server restarting, reconnect'): void {
    for (const connection of [...this.connections]) connection.close(code, reason);
  }

  /** Graceful shutdown: every socket is told to reconnect (to another server, behind a proxy), and no new one is taken. */
  beginShutdown(): void {
    this.closing = true;
    this.closeAll();
  }

  async stop(): Promise<void> {
    this.beginShutdown();
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.stopListening?.();
    this.stopListening = null;
  }

  accept(socket: WebSocket): void {
    if (this.closing) {
      socket.close(CLOSE.restart, 'server restarting, reconnect');
      return;
    }
    const connection = new Connection(socket, this);
    this.connections.add(connection);
    socket.on('close', () => this.connections.delete(connection));
  }

  /** Sockets open on this server (for tests and the benchmark). */
  get size(): number {
    return this.connections.size;
  }

  bind(connection: Connection, caller: Caller): boolean {
    const mine = this.byUser.get(caller.userId) ?? new Set<Connection>();
    if (mine.size >= this.deps.limits.maxSocketsPerUser) return false;
    mine.add(connection);
    this.byUser.set(caller.userId, mine);
    const session = this.bySession.get(caller.sessionId) ?? new Set<Connection>();
    session.add(connection);
    this.bySession.set(caller.sessionId, session);
    return true;
  }

  unbind(connection: Connection): void {
    const caller = connection.caller;
    if (!caller) return;
    removeFrom(this.byUser, caller.userId, connection);
    removeFrom(this.bySession, caller.sessionId, connection);
  }

  onHint(hint: ChangeHint): void {
    if (hint.kind === 'session_ended') {
      // A session ended on another server: this server's session cache forgets it now, not after its TTL.
      this.deps.sessions.revoked();
      for (const connection of [...(this.bySession.get(hint.sessionId) ?? [])])
        connection.close(CLOSE.policy, 'Session has ended');
      return;
    }
    // Nobody here listens for this user, or only the writing session, which asked for no echo: nothing to read.
    const listeners = this.byUser.get(hint.userId);
    if (!listeners || (hint.writerSession !== null && listeners.size === this.bySession.get(hint.writerSession)?.size))
      return;
    const forUser = this.pending.get(hint.userId) ?? new Map<string, PendingChange>();
    const earlier = forUser.get(hint.noteId);
    forUser.set(hint.noteId, {
      noteId: hint.noteId,
      // Within one batch, an insert followed by updates is still an insert for whoever sees the batch.
      op: earlier?.op === 'INSERT' && hint.op === 'UPDATE' ? 'INSERT' : hint.op,
      // A session is spared the batch's event only if every write of the note in it was its own quiet one.
      quietSession: earlier && earlier.quietSession !== hint.writerSession ? null : hint.writerSession,
    });
    this.pending.set(hint.userId, forUser);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  /** The change feed's connection: 'starting' until start() listens. */
  feedStatus(): FeedStatus | 'starting' {
    return this.feed;
  }

  onStatus(status: FeedStatus): void {
    this.feed = status;
    this.deps.log.warn({ status }, 'realtime change feed connection');
    // Hints may have been lost while the feed was down: the clients reconnect and pull [S21].
    if (status === 'up') this.closeAll(CLOSE.restart, 'change feed restarted, reconnect');
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    await Promise.all(
      [...batch].map(([userId, changes]) =>
        this.deliver(userId, [...changes.values()]).catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'realtime delivery failed');
        }),
      ),
    );
  }

  private async deliver(userId: string, changes: PendingChange[]): Promise<void> {
    const audience = (change: PendingChange) =>
      [...(this.byUser.get(userId) ?? [])].filter((c) => c.caller?.sessionId !== change.quietSession);
    const heard = changes.filter((change) => audience(change).length > 0);
    const ids = heard.filter((c) => c.op !== 'DELETE').map((c) => c.noteId);
    const rows =
      ids.length === 0
        ? new Map<string, Record<string, unknown>>()
        : new Map(
            (await this.deps.asUser.statements(userId, (db) => readUserNotes(db, userId, ids))).map((row) => [
              String(row.id),
              presentRow(row),
            ]),
          );
    const commitTimestamp = new Date(this.deps.now()).toISOString();
    for (const change of heard) {
      const record = change.op === 'DELETE' ? { id: change.noteId, user_id: userId } : rows.get(change.noteId);
      // Written and then hard-deleted before we read it: its DELETE hint follows.
      if (!record) continue;
      const frameFor = changeFrames({ type: change.op, record, commitTimestamp });
      // Read again after the await: sockets may have closed or joined meanwhile.
      for (const connection of audience(change)) {
        for (const channel of connection.channels.values()) {
          const frame = frameFor(channel);
          if (frame) connection.send(frame);
        }
      }
    }
  }

  private async sweep(): Promise<void> {
    const now = this.deps.now();
    const { idleMs, unjoinedMs } = this.deps.limits;
    for (const connection of [...this.connections]) {
      if (now - connection.lastFrameAt > idleMs) connection.close(CLOSE.policy, 'no heartbeat');
      else if (!connection.caller && now - connection.openedAt > unjoinedMs)
        connection.close(CLOSE.policy, 'no channel joined');
    }
    if (++this.sweeps % SESSION_CHECK_EVERY !== 0 || this.bySession.size === 0) return;
    try {
      const live = await liveSessions(this.deps.db, [...this.bySession.keys()]);
      for (const [sessionId, connections] of [...this.bySession]) {
        if (!live.has(sessionId))
          for (const connection of [...connections]) connection.close(CLOSE.policy, 'Session has ended');
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'realtime session check failed');
    }
  }
}

function removeFrom(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}
