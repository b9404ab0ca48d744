// Remembers, for a few seconds, that a session was live, so that a burst of requests with one token
// costs one session lookup instead of one per request. Revocation stays immediate on this server: every
// path that ends sessions calls revoked() once its change has committed, which empties the cache and
// keeps a lookup that was already in flight from caching what it read before the commit. Another server
// that ends a session is seen here within SESSION_CACHE_TTL_MS at most (docs/architecture.md).
export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export class SessionCache {
  readonly #liveUntil = new Map<string, number>();
  #epoch = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether the session is live: from the cache when it was seen live within the TTL, else from `lookup`. */
  async isLive(sessionId: string, userId: string, lookup: () => Promise<boolean>): Promise<boolean> {
    const key = `${sessionId}/${userId}`;
    const until = this.#liveUntil.get(key);
    if (until !== undefined && until > this.now()) return true;
    const epoch = this.#epoch;
    const live = await lookup();
    if (!live) {
      this.#liveUntil.delete(key);
    } else if (epoch === this.#epoch) {
      if (this.#liveUntil.size >= MAX_ENTRIES) this.#liveUntil.clear();
      this.#liveUntil.set(key, this.now() + this.ttlMs);
    }
    return live;
  }

  /** Some sessions have ended (sign-out, password change, refresh-token reuse, account deletion). */
  revoked(): void {
    this.#epoch += 1;
    this.#liveUntil.clear();
  }
}
