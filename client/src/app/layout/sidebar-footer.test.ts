// The sidebar's waiting-changes badge text.
import { describe, expect, it } from 'vitest';
import { pendingChangesText } from './sidebar-footer';

describe('pendingChangesText', () => {
  it('counts changes waiting to sync', () => {
    expect(pendingChangesText(1)).toBe('1 change waiting');
    expect(pendingChangesText(3)).toBe('3 changes waiting');
  });
});
