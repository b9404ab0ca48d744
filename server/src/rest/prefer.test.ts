// The Prefer header as supabase-js sends it (values appended: comma-joined, with or without spaces) and
// the Accept / Range headers PostgREST reads.
import { describe, expect, it } from 'vitest';
import { RestError } from '../http/errors/postgrest-errors';
import { contentRange, negotiate, parseRange } from './headers';
import { parsePrefer } from './prefer';

describe('parsePrefer', () => {
  it('reads comma-joined values with and without spaces, and several headers', () => {
    expect(parsePrefer('resolution=merge-duplicates, return=representation')).toMatchObject({
      resolution: 'merge-duplicates',
      return: 'representation',
    });
    expect(parsePrefer('return=minimal,count=exact,missing=default')).toMatchObject({
      return: 'minimal',
      count: 'exact',
      missing: 'default',
    });
    expect(parsePrefer(['count=exact', 'resolution=ignore-duplicates'])).toMatchObject({
      count: 'exact',
      resolution: 'ignore-duplicates',
    });
    expect(parsePrefer(undefined)).toMatchObject({
      return: null,
      count: null,
      resolution: null,
      handling: 'lenient',
      invalid: [],
    });
  });

  it('keeps the first of a repeated preference and collects unknown ones', () => {
    const prefs = parsePrefer('return=minimal, return=representation, resolution=bogus, tx=rollback, foo');
    expect(prefs.return).toBe('minimal');
    expect(prefs.resolution).toBeNull();
    expect(prefs.invalid).toEqual(['resolution=bogus', 'tx=rollback', 'foo']);
    expect(prefs.applied).toEqual(['return=minimal']);
  });

  it('reads handling and max-affected', () => {
    expect(parsePrefer('handling=strict, max-affected=5')).toMatchObject({ handling: 'strict', maxAffected: 5 });
    expect(parsePrefer('max-affected=-1').invalid).toEqual(['max-affected=-1']);
  });
});

describe('negotiate', () => {
  it('answers arrays by default and one object for vnd.pgrst.object+json', () => {
    expect(negotiate(undefined)).toEqual({ single: false, stripNulls: false });
    expect(negotiate('*/*')).toEqual({ single: false, stripNulls: false });
    expect(negotiate('application/vnd.pgrst.object+json')).toEqual({ single: true, stripNulls: false });
    expect(negotiate('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({ single: true, stripNulls: true });
    expect(negotiate('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ single: false, stripNulls: true });
    expect(negotiate('text/html, application/json;q=0.9')).toEqual({ single: false, stripNulls: false });
  });

  it('refuses media types it cannot produce with 406', () => {
    expect(() => negotiate('text/csv')).toThrow(RestError);
  });
});

describe('ranges', () => {
  it('reads Range headers and writes Content-Range', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('5-')).toEqual({ offset: 5, limit: null });
    expect(parseRange('9-1')).toBeNull();
    expect(parseRange('bytes=0-1')).toBeNull();
    expect(contentRange(0, 10, 42)).toBe('0-9/42');
    expect(contentRange(0, 0, 0)).toBe('*/0');
    expect(contentRange(20, 5, null)).toBe('20-24/*');
  });
});
