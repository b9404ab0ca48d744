import { describe, expect, it } from 'vitest';
import { isoString, wireRowFromTableJson } from './table-row-json';

describe('isoString', () => {
  it('writes four-digit years as toISOString does, milliseconds cut', () => {
    expect(isoString('2024-01-02T03:04:05.123456+00:00')).toBe('2024-01-02T03:04:05.123Z');
    expect(isoString('2024-01-02T03:04:05.9999+00:00')).toBe('2024-01-02T03:04:05.999Z');
    expect(isoString('2024-01-02T03:04:05.1+00:00')).toBe('2024-01-02T03:04:05.100Z');
    expect(isoString('2024-01-02T03:04:05+00:00')).toBe('2024-01-02T03:04:05.000Z');
    expect(isoString('1970-01-01T00:00:00.0005+00:00')).toBe('1970-01-01T00:00:00.000Z');
    expect(isoString('0001-01-01T00:00:00+00:00')).toBe('0001-01-01T00:00:00.000Z');
  });

  it('keeps PostgreSQL\'s own text where toISOString would write another form', () => {
    for (const text of ['10000-01-01T00:00:00+00:00', '0001-12-31T00:00:00+00:00 BC', '2024-01-02T03:04:05+05:30', 'infinity']) {
      expect(isoString(text)).toBe(text);
    }
  });
});

describe('wireRowFromTableJson', () => {
  const row = (members: string) => `{"id":"a","title":"t",${members},"base_revision":null}`;

  it('drops base_revision and rewrites the three timestamps, nulls kept', () => {
    const text = row('"created_at":"2024-01-02T03:04:05.5+00:00","updated_at":"2024-01-02T03:04:06+00:00","revision":3,"deleted_at":null,"last_mutation_id":null');
    expect(wireRowFromTableJson(text)).toBe(
      '{"id":"a","title":"t","created_at":"2024-01-02T03:04:05.500Z","updated_at":"2024-01-02T03:04:06.000Z","revision":3,"deleted_at":null,"last_mutation_id":null}',
    );
    expect(wireRowFromTableJson(text.replace('"base_revision":null', '"base_revision":12'))).toBe(wireRowFromTableJson(text));
  });

  it('leaves keys inside string values alone: they are escaped', () => {
    const text = row(
      '"content":"\\",\\"updated_at\\":\\"2020-01-01T00:00:00+00:00\\"","created_at":"2024-01-02T03:04:05+00:00","updated_at":"2024-01-02T03:04:05+00:00","revision":1,"deleted_at":"2024-01-03T00:00:00.25+00:00","last_mutation_id":",\\"created_at\\":\\"x\\"}"',
    );
    expect(wireRowFromTableJson(text)).toBe(
      '{"id":"a","title":"t","content":"\\",\\"updated_at\\":\\"2020-01-01T00:00:00+00:00\\"","created_at":"2024-01-02T03:04:05.000Z","updated_at":"2024-01-02T03:04:05.000Z","revision":1,"deleted_at":"2024-01-03T00:00:00.250Z","last_mutation_id":",\\"created_at\\":\\"x\\"}"}',
    );
  });

  it('refuses a row of another shape rather than send it half-rewritten', () => {
    expect(() => wireRowFromTableJson('{"id":"a"}')).toThrow(/base_revision/);
    expect(() => wireRowFromTableJson('{"id":"a","base_revision":null}')).toThrow(/deleted_at/);
  });
});
