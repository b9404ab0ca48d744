// What the hub and its connections need from the app: the database, the token signer, a logger, the
// limits and a clock.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { UserScope } from '../db/as-user';
import type { DB } from '../db/schema';
import type { SessionCache } from '../identity/session-cache';
import type { TokenSigner } from '../identity/tokens';

export interface RealtimeLimits {
  maxSocketsPerUser: number;
  maxChannelsPerSocket: number;
  /** A socket whose unsent data exceeds this is closed (it reconnects and pulls). */
  maxBufferedBytes: number;
  /** A socket with no frame for this long is closed (realtime-js sends a heartbeat every 25 s). */
  idleMs: number;
  /** A socket must join a channel within this time. */
  unjoinedMs: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxSocketsPerUser: 10,
  maxChannelsPerSocket: 10,
  maxBufferedBytes: 1024 * 1024,
  idleMs: 75_000,
  unjoinedMs: 30_000,
};

export interface HubDeps {
  /** The server's own account: which sessions still live, across users. */
  db: Kysely<DB>;
  /** One user's notes, read as that user (db/as-user.ts). */
  asUser: UserScope;
  signer: TokenSigner;
  sessions: SessionCache;
  log: FastifyBaseLogger;
  limits: RealtimeLimits;
  now: () => number;
}
