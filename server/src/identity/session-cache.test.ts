import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

describe('SessionCache', () => {
  it('answers from the cache within the TTL and asks again after it', async () => {
    let now = 0;
    let lookups = 0;
    const cache = new SessionCache(1000, () => now);
    const lookup = async () => (lookups++, true);
    expect(await cache.isLive('s', 'u', lookup)).toBe(true);
    now = 999;
    expect(await cache.isLive('s', 'u', lookup)).toBe(true);
    expect(lookups).toBe(1);
    now = 1001;
    expect(await cache.isLive('s', 'u', lookup)).toBe(true);
    expect(lookups).toBe(2);
  });

  it('asks the database again at once after a revocation', async () => {
    const cache = new SessionCache(60_000);
    expect(await cache.isLive('s', 'u', async () => true)).toBe(true);
    cache.revoked();
    expect(await cache.isLive('s', 'u', async () => false)).toBe(false);
  });

  it('does not keep what a lookup read before a revocation that finished while it ran', async () => {
    const cache = new SessionCache(60_000);
    let finish!: (live: boolean) => void;
    const inFlight = cache.isLive('s', 'u', () => new Promise<boolean>((resolve) => (finish = resolve)));
    cache.revoked();
    finish(true);
    expect(await inFlight).toBe(true);
    expect(await cache.isLive('s', 'u', async () => false)).toBe(false);
  });

  it('never caches a dead session, and keys on the user too', async () => {
    const cache = new SessionCache(60_000);
    expect(await cache.isLive('s', 'u', async () => false)).toBe(false);
    expect(await cache.isLive('s', 'u', async () => true)).toBe(true);
    expect(await cache.isLive('s', 'other', async () => false)).toBe(false);
  });
});
