// Reload once on a failed chunk load, never in a loop and never offline.
import { describe, expect, it } from 'vitest';
import { shouldReloadAfterPreloadError } from './reload-on-preload-error';

describe('shouldReloadAfterPreloadError', () => {
  it('reloads the first time', () => {
    expect(shouldReloadAfterPreloadError(null, 1_000_000, true)).toBe(true);
  });
  it('does not reload again within 10 s of the last reload', () => {
    expect(shouldReloadAfterPreloadError(995_000, 1_000_000, true)).toBe(false);
    expect(shouldReloadAfterPreloadError(980_000, 1_000_000, true)).toBe(true);
  });
  it('does not reload offline, where the reload itself would fail', () => {
    expect(shouldReloadAfterPreloadError(null, 1_000_000, false)).toBe(false);
  });
});
