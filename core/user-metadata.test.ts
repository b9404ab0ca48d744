// A user_metadata patch merged as the server merges it, and its size against the 4 KB cap as the server
// measures it (UTF-8 JSON).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  mergedMetadataFits,
  mergeUserMetadata,
  USER_METADATA_MAX_BYTES,
  userMetadataBytes,
  utf8ByteLength,
} from './user-metadata';

describe('mergeUserMetadata', () => {
  it('replaces keys, removes null ones and keeps the rest', () => {
    expect(
      mergeUserMetadata(
        { name: 'Ann', bio: 'x', website: 'https://a.example' },
        { name: 'Bo', bio: null, location: 'Oslo' },
      ),
    ).toEqual({
      name: 'Bo',
      website: 'https://a.example',
      location: 'Oslo',
    });
    expect(mergeUserMetadata(undefined, { name: 'Bo' })).toEqual({ name: 'Bo' });
  });

  it('replaces a nested value whole, and leaves its input alone', () => {
    const current = { ai_preferences: { tone: 'calm', aiName: 'Juniper' } };
    expect(mergeUserMetadata(current, { ai_preferences: { tone: 'friendly' } })).toEqual({
      ai_preferences: { tone: 'friendly' },
    });
    expect(current).toEqual({ ai_preferences: { tone: 'calm', aiName: 'Juniper' } });
  });
});

describe('utf8ByteLength', () => {
  it('counts as TextEncoder encodes, surrogate pairs and lone surrogates included', () => {
    // The platform's encoder (browsers and Node have one; core's types declare neither environment).
    const { TextEncoder } = globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } };
    const encoder = new TextEncoder();
    // Any code point, and the halves of a surrogate pair on their own.
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
      fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'),
    );
    fc.assert(fc.property(fc.string({ unit }), (text) => utf8ByteLength(text) === encoder.encode(text).length));
    expect(utf8ByteLength('é🌱\ud800x')).toBe(2 + 4 + 3 + 1);
  });
});

describe('the cap', () => {
  it("counts the merged metadata's UTF-8 JSON", () => {
    expect(userMetadataBytes({ a: 'é' })).toBe(JSON.stringify({ a: 'é' }).length + 1);
    expect(userMetadataBytes(mergeUserMetadata({ bio: 'x'.repeat(5000) }, { bio: null }))).toBe(2);
  });

  it('lets the merged metadata reach 4096 bytes, not more', () => {
    // {"bio":"..."} is 10 bytes around the text.
    expect(mergedMetadataFits({}, { bio: 'x'.repeat(USER_METADATA_MAX_BYTES - 10) })).toBe(true);
    expect(mergedMetadataFits({}, { bio: 'x'.repeat(USER_METADATA_MAX_BYTES - 9) })).toBe(false);
    expect(mergedMetadataFits({ bio: 'x'.repeat(USER_METADATA_MAX_BYTES) }, { bio: null, name: 'Ann' })).toBe(true);
  });
});
