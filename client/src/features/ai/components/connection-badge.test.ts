// The idea form's badge states (spec section 2): Checking, Connecting, Connected, Connection Failed.
import { describe, expect, it } from 'vitest';
import { BADGE_LABELS, badgeState } from './connection-badge';

describe('badgeState', () => {
  it('reads Checking before and during the first test, Connecting during a later one', () => {
    expect(BADGE_LABELS[badgeState('untested', null, true)]).toBe('Checking');
    expect(BADGE_LABELS[badgeState('connecting', null, true)]).toBe('Checking');
    expect(BADGE_LABELS[badgeState('connecting', 1_700_000_000_000, true)]).toBe('Connecting');
  });

  it('reads Connected or Connection Failed after a test, and Offline without a network', () => {
    expect(BADGE_LABELS[badgeState('connected', 1, true)]).toBe('Connected');
    expect(BADGE_LABELS[badgeState('failed', 1, true)]).toBe('Connection Failed');
    expect(BADGE_LABELS[badgeState('connected', 1, false)]).toBe('Offline');
  });
});
