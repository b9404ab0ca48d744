// Merging a user_metadata patch as the server does, and its size against the 4 KB cap.
import { describe, expect, it } from 'vitest';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { USER_METADATA_MAX_BYTES, isRetryableWriteError, mergeMetadata, mergedMetadataBytes } from './user-metadata';

describe('mergeMetadata', () => {
  it('replaces keys, removes null ones and keeps the rest', () => {
    expect(mergeMetadata({ name: 'Ann', bio: 'x', website: 'https://a.example' }, { name: 'Bo', bio: null, location: 'Oslo' })).toEqual({
      name: 'Bo',
      website: 'https://a.example',
      location: 'Oslo',
    });
    expect(mergeMetadata(undefined, { name: 'Bo' })).toEqual({ name: 'Bo' });
  });
});

describe('mergedMetadataBytes', () => {
  it('counts UTF-8 bytes of the merged JSON', () => {
    expect(mergedMetadataBytes({}, { a: 'é' })).toBe(JSON.stringify({ a: 'é' }).length + 1);
    expect(mergedMetadataBytes({ bio: 'x'.repeat(5000) }, { bio: null })).toBe(2);
    expect(mergedMetadataBytes({}, { bio: 'x'.repeat(USER_METADATA_MAX_BYTES) })).toBeGreaterThan(USER_METADATA_MAX_BYTES);
  });
});

describe('isRetryableWriteError', () => {
  it('retries network failures and 5xx, not refusals', () => {
    expect(isRetryableWriteError(new AuthRetryableFetchError('offline', 0))).toBe(true);
    expect(isRetryableWriteError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableWriteError(new AuthApiError('down', 503, undefined))).toBe(true);
    expect(isRetryableWriteError(new AuthApiError('too big', 422, 'validation_failed'))).toBe(false);
    expect(isRetryableWriteError(new Error('other'))).toBe(false);
  });
});
