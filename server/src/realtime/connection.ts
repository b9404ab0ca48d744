// One client socket: the Phoenix channel protocol realtime-js speaks (protocol.ts), bound to one user
// by the access token of its first join. Heartbeats, joins, leaves and token refreshes are answered
// here; events arrive from the hub. A bad frame, a flood of frames, or an expired or foreign token
// closes this socket only.
import type { WebSocket } from 'ws';
import { authenticate, type Caller } from '../identity/authenticate';
import { decodeFrame, encodeFrame, PHOENIX_TOPIC, PHX, ProtocolError, reply, type PhoenixMessage } from './protocol';
import { channelKey, type ChannelShape } from './frames';
import { parseBindings, SubscriptionError, type Binding } from './subscriptions';
import type { HubDeps } from './deps';

export type Channel = ChannelShape;

/** Close codes: 1008 for what the client did (policy), 1012 for "reconnect, the server is going away". */
export const CLOSE = {
  policy: 1008,
  unsupported: 1003,
  invalidData: 1007,
  restart: 1012,
} as const;

/** At most this many frames per window; realtime-js sends a heartbeat every 25 s and a few joins. */
const FRAME_WINDOW_MS = 10_000;
const MAX_FRAMES_PER_WINDOW = 100;

export interface ConnectionHost {
  deps: HubDeps;
  /** Asked when a socket first binds to a user: false when the user has too many sockets here. */
  bind(connection: Connection, caller: Caller): boolean;
  unbind(connection: Connection): void;
}

export class Connection {
  caller: Caller | null = null;
  /** Seconds since the epoch when the bound token expires; the socket closes then unless refreshed. */
  private tokenExpiresAt = 0;
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  lastFrameAt: number;
  readonly openedAt: number;
  readonly channels = new Map<string, Channel>();
  private frames = 0;
  private windowStart: number;
  private closed = false;
  /** Messages are handled one at a time, in order (a join's token check is async). */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    private readonly host: ConnectionHost,
  ) {
    this.openedAt = this.lastFrameAt = this.windowStart = host.deps.now();
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.onClosed());
    socket.on('error', () => this.close(CLOSE.invalidData, 'socket error'));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A text frame (a Buffer holds its UTF-8 bytes, encoded once for many sockets). */
  send(frame: string | Buffer): void {
    if (this.closed) return;
    // A client that does not read its events would grow our memory: drop it; it reconnects and pulls [S21].
    if (this.socket.bufferedAmount > this.host.deps.limits.maxBufferedBytes) {
      this.close(CLOSE.policy, 'client too slow');
      return;
    }
    this.socket.send(frame, { binary: false });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.host.unbind(this);
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
    }
  }

  private onClosed(): void {
    this.closed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.host.unbind(this);
  }

  private receive(data: unknown, isBinary: boolean): void {
    if (this.closed) return;
    const now = this.host.deps.now();
    this.lastFrameAt = now;
    if (now - this.windowStart > FRAME_WINDOW_MS) {
      this.windowStart = now;
      this.frames = 0;
    }
    if (++this.frames > MAX_FRAMES_PER_WINDOW) return this.close(CLOSE.policy, 'too many messages');
    if (isBinary) return this.close(CLOSE.unsupported, 'binary frames are not supported');
    let message: PhoenixMessage;
    try {
      message = decodeFrame(String(data));
    } catch (error) {
      return this.close(CLOSE.invalidData, error instanceof ProtocolError ? error.message : 'unreadable frame');
    }
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((error: unknown) => {
        this.host.deps.log.error({ err: error }, 'realtime message failed');
        this.close(CLOSE.invalidData, 'internal error');
      });
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    if (this.closed) return;
    if (message.topic === PHOENIX_TOPIC) {
      if (message.event === PHX.heartbeat) this.send(reply(message, 'ok'));
      else this.send(reply(message, 'error', { reason: 'unknown event' }));
      return;
    }
    switch (message.event) {
      case PHX.join:
        return this.join(message);
      case PHX.leave:
        return this.leave(message);
      case PHX.accessToken:
        return this.refreshToken(message);
      default:
        // broadcast and presence are not offered; realtime-js reports the error to the caller.
        this.send(
          reply(message, 'error', {
            reason: this.channels.has(message.topic) ? 'only postgres_changes is supported' : 'unmatched topic',
          }),
        );
    }
  }

  private async verify(token: unknown): Promise<{ caller: Caller; exp: number } | { reason: string }> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096)
      return { reason: 'access_token is required' };
    const { db, signer, sessions } = this.host.deps;
    const result = await authenticate(`Bearer ${token}`, db, signer, sessions);
    if (!result.ok)
      return {
        reason: result.problem === 'session_not_found' ? 'Session has ended' : `Invalid token: ${result.reason}`,
      };
    const verified = await signer.verifyAccessToken(token);
    return { caller: result.caller, exp: verified.ok ? verified.claims.exp : 0 };
  }

  private async join(message: PhoenixMessage): Promise<void> {
    if (!message.topic.startsWith('realtime:'))
      return this.send(reply(message, 'error', { reason: 'topic must start with realtime:' }));
    const auth = await this.verify(message.payload.access_token);
    if (this.closed) return;
    if ('reason' in auth) return this.send(reply(message, 'error', { reason: auth.reason }));
    if (this.caller && this.caller.userId !== auth.caller.userId) {
      return this.send(reply(message, 'error', { reason: 'this socket belongs to another user' }));
    }
    const config = message.payload.config;
    let bindings: Binding[];
    try {
      bindings = parseBindings(
        typeof config === 'object' && config !== null
          ? (config as Record<string, unknown>).postgres_changes
          : undefined,
      );
    } catch (error) {
      if (error instanceof SubscriptionError) return this.send(reply(message, 'error', { reason: error.message }));
      throw error;
    }
    const { maxChannelsPerSocket } = this.host.deps.limits;
    if (!this.channels.has(message.topic) && this.channels.size >= maxChannelsPerSocket) {
      return this.send(reply(message, 'error', { reason: `at most ${maxChannelsPerSocket} channels per socket` }));
    }
    if (!this.caller) {
      if (!this.host.bind(this, auth.caller)) {
        this.send(reply(message, 'error', { reason: 'too many sockets for this user' }));
        return this.close(CLOSE.policy, 'too many sockets for this user');
      }
    }
    this.caller = auth.caller;
    this.expiresAt(auth.exp);
    const joinRef = message.joinRef ?? message.ref;
    this.channels.set(message.topic, {
      topic: message.topic,
      joinRef,
      bindings,
      key: channelKey(message.topic, joinRef, bindings),
    });
    this.send(reply(message, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.requested, id: b.id })) }));
  }

  private leave(message: PhoenixMessage): void {
    const channel = this.channels.get(message.topic);
    this.channels.delete(message.topic);
    this.send(reply(message, 'ok'));
    if (channel)
      this.send(
        encodeFrame({
          joinRef: channel.joinRef,
          ref: message.ref,
          topic: message.topic,
          event: PHX.close,
          payload: {},
        }),
      );
  }

  /** realtime-js pushes the refreshed token on every joined channel; a bad or foreign one ends the socket. */
  private async refreshToken(message: PhoenixMessage): Promise<void> {
    if (!this.channels.has(message.topic)) return this.send(reply(message, 'error', { reason: 'unmatched topic' }));
    const auth = await this.verify(message.payload.access_token);
    if (this.closed) return;
    if ('reason' in auth) return this.close(CLOSE.policy, auth.reason);
    if (this.caller && this.caller.userId !== auth.caller.userId)
      return this.close(CLOSE.policy, 'token of another user');
    if (this.caller && this.caller.sessionId !== auth.caller.sessionId) {
      // Same user, new session (signed in again): the hub tracks sockets by session.
      this.host.unbind(this);
      this.caller = null;
      if (!this.host.bind(this, auth.caller)) return this.close(CLOSE.policy, 'too many sockets for this user');
    }
    this.caller = auth.caller;
    this.expiresAt(Math.max(this.tokenExpiresAt, auth.exp));
  }

  private expiresAt(exp: number): void {
    this.tokenExpiresAt = exp;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const delay = Math.max(0, exp * 1000 - this.host.deps.now());
    // setTimeout holds at most 2^31-1 ms; tokens live an hour.
    this.expiryTimer = setTimeout(() => this.close(CLOSE.policy, 'Token has expired'), Math.min(delay, 2 ** 31 - 1));
    this.expiryTimer.unref();
  }
}
