import { describe, expect, it } from 'vitest';
import { fuseResults, MEANING_FLOOR, RRF_K, type MeaningHit } from './fuse-results';

const words = (...ids: string[]) => ids.map((id) => ({ id }));
const meant = (...hits: [string, number][]): MeaningHit[] =>
  hits.map(([id, score]) => ({ id, passage: `passage of ${id}`, score }));
const fuse = (lexical: { id: string }[], meaning: MeaningHit[], floor?: number) =>
  fuseResults(lexical, (result) => result.id, meaning, floor === undefined ? {} : { floor });

describe('fuseResults', () => {
  it('scores each note 1 / (60 + rank) in each list it is in', () => {
    const fused = fuse(words('a', 'b'), meant(['b', 0.9], ['c', 0.8]));
    const score = Object.fromEntries(fused.map((r) => [r.id, r.score]));
    expect(RRF_K).toBe(60);
    expect(score.a).toBeCloseTo(1 / 61);
    expect(score.b).toBeCloseTo(1 / 62 + 1 / 61);
    expect(score.c).toBeCloseTo(1 / 62);
  });

  it('says why each note matched, with the passage of a meaning match', () => {
    const fused = fuse(words('a', 'b'), meant(['b', 0.9], ['c', 0.8]));
    expect(fused.map((r) => [r.id, r.reason])).toEqual([
      ['b', 'both'],
      ['a', 'words'],
      ['c', 'meaning'],
    ]);
    expect(fused.find((r) => r.id === 'c')).toMatchObject({ lexical: null, meaning: { passage: 'passage of c' } });
    expect(fused.find((r) => r.id === 'a')?.meaning).toBeNull();
  });

  it('keeps every word match ahead of every meaning-only match, however well that ranks', () => {
    // 'z' is the meaning search's best by far; the tenth word match still comes first.
    const lexical = words('w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9', 'w10');
    const fused = fuse(lexical, meant(['z', 0.99], ['y', 0.95]));
    expect(fused.map((r) => r.id)).toEqual([...lexical.map((r) => r.id), 'z', 'y']);
  });

  it('moves a word match that also matches by meaning up among the word matches only', () => {
    const fused = fuse(words('a', 'b', 'c'), meant(['c', 0.7], ['d', 0.9]));
    expect(fused.map((r) => r.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('keeps the word search order when there is no meaning answer', () => {
    expect(fuse(words('b', 'a', 'c'), []).map((r) => [r.id, r.reason])).toEqual([
      ['b', 'words'],
      ['a', 'words'],
      ['c', 'words'],
    ]);
  });

  it('drops meaning matches below the floor, and ranks the rest without the gaps they leave', () => {
    expect(MEANING_FLOOR).toBe(0.3);
    const fused = fuse(words('a'), meant(['weak', 0.29], ['b', 0.5], ['a', 0.1]));
    expect(fused.map((r) => [r.id, r.reason])).toEqual([
      ['a', 'words'],
      ['b', 'meaning'],
    ]);
    expect(fused[1]?.score).toBeCloseTo(1 / 61);
    expect(fuse([], meant(['x', 0.45]), 0.5)).toEqual([]);
  });

  it('orders meaning-only matches as the meaning search ranked them, and counts a note once', () => {
    const fused = fuse(words('a', 'a'), meant(['c', 0.8], ['b', 0.6], ['c', 0.5]));
    expect(fused.map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });
});
