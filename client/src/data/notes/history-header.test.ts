import { describe, expect, it } from 'vitest';
import { HISTORY_MARKS_MAX } from '#core/history';
import type { NoteWritable } from '#core/note';
import { historyHeader } from './supabase-remote';

const row = (n: number) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` }) as NoteWritable;

describe('the Sprout-History header of a push (docs/api.md)', () => {
  it('names the marked notes among the rows sent, and nothing when none is', () => {
    const rows = [row(1), row(2), row(3)];
    const marks = new Map([
      [row(1).id, 'ai' as const],
      [row(3).id, 'conflict' as const],
      [row(9).id, 'ai' as const],
    ]);
    expect(historyHeader(rows, marks)).toBe(`ai=${row(1).id}, conflict=${row(3).id}`);
    expect(historyHeader(rows, new Map())).toBeNull();
    expect(historyHeader([row(2)], marks)).toBeNull();
    expect(historyHeader(rows, undefined)).toBeNull();
  });

  it(`names at most ${HISTORY_MARKS_MAX} notes, what the server reads`, () => {
    const rows = Array.from({ length: HISTORY_MARKS_MAX + 5 }, (_, i) => row(i + 1));
    const header = historyHeader(rows, new Map(rows.map((r) => [r.id, 'conflict' as const])));
    expect(header?.split(', ')).toHaveLength(HISTORY_MARKS_MAX);
  });
});
