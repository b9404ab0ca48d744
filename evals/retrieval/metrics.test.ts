// The retrieval evaluation's scoring: ranks, recall@k, reciprocal rank, the app's fusion rule, refusals
// and what an answer's citations are worth.
import { describe, expect, it } from 'vitest';
import { firstRank, fuse, isRefusal, mean, recallAt, reciprocalRank, scoreAnswer } from './metrics';

const meant = (...hits: [string, number][]) => hits.map(([id, score]) => ({ id, score }));

describe('ranks and recall', () => {
  it('finds the first target, 1-based', () => {
    expect(firstRank(['a', 'b', 'c'], ['c', 'b'])).toBe(2);
    expect(firstRank(['a'], ['z'])).toBeNull();
    expect(firstRank([], ['z'])).toBeNull();
  });

  it('counts the share of the targets in the first k', () => {
    expect(recallAt(3, ['a', 'b', 'c', 'd'], ['c'])).toBe(1);
    expect(recallAt(3, ['a', 'b', 'c', 'd'], ['d'])).toBe(0);
    expect(recallAt(3, ['a', 'b', 'c'], ['a', 'z'])).toBe(0.5);
    expect(() => recallAt(3, ['a'], [])).toThrow(RangeError);
  });

  it('gives 1 / rank of the first target, 0 when none is ranked, and means them', () => {
    expect(reciprocalRank(['a', 'b'], ['b'])).toBe(0.5);
    expect(reciprocalRank(['a', 'b'], ['z'])).toBe(0);
    expect(mean([1, 0.5, 0])).toBe(0.5);
    expect(mean([])).toBe(0);
  });
});

describe('fuse, as the app fuses', () => {
  it('puts every word match first, moved up among them only by a meaning match', () => {
    expect(fuse(['a', 'b', 'c'], meant(['z', 0.99], ['c', 0.7]))).toEqual(['c', 'a', 'b', 'z']);
  });

  it('is the meaning order when the words found nothing, without the matches under the floor', () => {
    expect(fuse([], meant(['x', 0.6], ['y', 0.4], ['weak', 0.29]))).toEqual(['x', 'y']);
    expect(fuse([], meant(['x', 0.6]), { floor: 0.7 })).toEqual([]);
  });

  it('counts a note once and keeps the word order on ties', () => {
    expect(fuse(['a', 'a', 'b'], meant(['c', 0.8], ['c', 0.5]))).toEqual(['a', 'b', 'c']);
    expect(fuse(['b', 'a'], [])).toEqual(['b', 'a']);
  });
});

describe('answers', () => {
  it('knows a refusal: no sources, and the nothing-found answer or notes that do not say', () => {
    const nothingFound =
      "I couldn't find anything about that in your notes, so I won't guess. Try other words, or write it down as a new note.";
    expect(isRefusal({ text: nothingFound, sources: [] })).toBe(true);
    expect(isRefusal({ text: 'Your notes do not say.', sources: [] })).toBe(true);
    expect(isRefusal({ text: "The notes don't mention a tortoise.", sources: [] })).toBe(true);
    expect(isRefusal({ text: 'It is on Tuesday [1].', sources: ['n1'] })).toBe(false);
    expect(isRefusal({ text: 'It is on Tuesday.', sources: [] })).toBe(false);
  });

  it('scores the citations against the targets and what the search returned', () => {
    expect(scoreAnswer({ text: 'x [1][2]', cited: ['t', 'o'] }, ['t'], ['o', 't'])).toEqual({
      citesCorrect: true,
      unsupportedCitations: 0,
      refused: false,
    });
    // A note outside the set (null) and one the search did not return are both unsupported.
    expect(scoreAnswer({ text: 'x [1][2]', cited: [null, 'far'] }, ['t'], ['t'])).toEqual({
      citesCorrect: false,
      unsupportedCitations: 2,
      refused: false,
    });
    expect(scoreAnswer({ text: 'Your notes do not say.', cited: [] }, [], ['t']).refused).toBe(true);
  });
});
