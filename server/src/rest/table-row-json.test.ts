import { describe, expect, it } from 'vitest';
import { isoString, wireRowFromJson } from './table-row-json';

describe('isoString', () => {
  it('writes four-digit years as toISOString does, milliseconds cut', () => {
    expect(isoString('2024-01-02T03:04:05.123456+00:00')).toBe('2024-01-02T03:04:05.123Z');
    expect(isoString('2024-01-02T03:04:05.9999+00:00')).toBe('2024-01-02T03:04:05.999Z');
    expect(isoString('2024-01-02T03:04:05.1+00:00')).toBe('2024-01-02T03:04:05.100Z');
    expect(isoString('2024-01-02T03:04:05+00:00')).toBe('2024-01-02T03:04:05.000Z');
    expect(isoString('1970-01-01T00:00:00.0005+00:00')).toBe('1970-01-01T00:00:00.000Z');
    expect(isoString('0001-01-01T00:00:00+00:00')).toBe('0001-01-01T00:00:00.000Z');
  });

  it("keeps PostgreSQL's own text where toISOString would write another form", () => {
    for (const text of [
      '10000-01-01T00:00:00+00:00',
      '0001-12-31T00:00:00+00:00 BC',
      '2024-01-02T03:04:05+05:30',
      'infinity',
    ]) {
      expect(isoString(text)).toBe(text);
    }
  });
});

describe('wireRowFromJson', () => {
  const row = (members: string) => `{"id":"a","title":"t",${members},"base_revision":null}`;

  it('drops base_revision and rewrites the timestamps, nulls kept', () => {
    const text = row(
      '"created_at":"2024-01-02T03:04:05.5+00:00","updated_at":"2024-01-02T03:04:06+00:00","revision":3,"deleted_at":null,"last_mutation_id":null,"trashed_at":"2024-01-02T03:04:07.123456+00:00","pinned_at":"2024-01-02T03:04:08+00:00","archived_at":null',
    );
    expect(wireRowFromJson(text)).toBe(
      '{"id":"a","title":"t","created_at":"2024-01-02T03:04:05.500Z","updated_at":"2024-01-02T03:04:06.000Z","revision":3,"deleted_at":null,"last_mutation_id":null,"trashed_at":"2024-01-02T03:04:07.123Z","pinned_at":"2024-01-02T03:04:08.000Z","archived_at":null}',
    );
    expect(wireRowFromJson(text.replace('"base_revision":null', '"base_revision":12'))).toBe(wireRowFromJson(text));
  });

  it('leaves keys inside string values alone: they are escaped', () => {
    const text = row(
      '"content":"\\",\\"updated_at\\":\\"2020-01-01T00:00:00+00:00\\"","created_at":"2024-01-02T03:04:05+00:00","updated_at":"2024-01-02T03:04:05+00:00","revision":1,"deleted_at":"2024-01-03T00:00:00.25+00:00","last_mutation_id":",\\"created_at\\":\\"x\\",\\"base_revision\\":1}","trashed_at":null,"pinned_at":null,"archived_at":null',
    );
    expect(wireRowFromJson(text)).toBe(
      '{"id":"a","title":"t","content":"\\",\\"updated_at\\":\\"2020-01-01T00:00:00+00:00\\"","created_at":"2024-01-02T03:04:05.000Z","updated_at":"2024-01-02T03:04:05.000Z","revision":1,"deleted_at":"2024-01-03T00:00:00.250Z","last_mutation_id":",\\"created_at\\":\\"x\\",\\"base_revision\\":1}","trashed_at":null,"pinned_at":null,"archived_at":null}',
    );
  });

  it('leaves keys inside jsonb values alone: jsonb writes a space after every comma', () => {
    const items = '[{"id": "x", "deleted_at": "2020-01-01T00:00:00+00:00", "updated_at": "y", "base_revision": 1}]';
    const times =
      '"created_at":"2024-01-02T03:04:05+00:00","updated_at":"2024-01-02T03:04:05+00:00","deleted_at":null,"trashed_at":null,"pinned_at":null,"archived_at":null';
    const wireTimes =
      '"created_at":"2024-01-02T03:04:05.000Z","updated_at":"2024-01-02T03:04:05.000Z","deleted_at":null,"trashed_at":null,"pinned_at":null,"archived_at":null';
    // The list before the timestamps, and after them (as a field declared after them would be).
    expect(wireRowFromJson(row(`"checklist_items":${items},${times}`))).toBe(
      `{"id":"a","title":"t","checklist_items":${items},${wireTimes}}`,
    );
    expect(wireRowFromJson(row(`${times},"pinned_items":${items}`))).toBe(
      `{"id":"a","title":"t",${wireTimes},"pinned_items":${items}}`,
    );
  });

  it('refuses a row of another shape rather than send it half-rewritten', () => {
    expect(() => wireRowFromJson('[]')).toThrow(/no JSON object/);
    expect(() => wireRowFromJson('{"id":"a"}')).toThrow(/base_revision/);
    expect(() => wireRowFromJson('{"id":"a","base_revision":"x"}')).toThrow(/base_revision/);
    expect(() => wireRowFromJson('{"id":"a","base_revision":null}')).toThrow(/archived_at/);
  });
});
