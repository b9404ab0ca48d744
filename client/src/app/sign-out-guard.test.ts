// The question Sign out asks when changes have not reached the cloud (ARCHITECTURE 4).
import { describe, expect, it } from 'vitest';
import { unsyncedQuestion } from './sign-out-guard';

describe('unsyncedQuestion', () => {
  it('says how many changes would be lost', () => {
    expect(unsyncedQuestion(3)).toBe("3 changes haven't reached the cloud yet. Sign out anyway and lose them?");
    expect(unsyncedQuestion(1)).toBe("1 change hasn't reached the cloud yet. Sign out anyway and lose it?");
  });
});
