import { describe, expect, it } from 'vitest';
import { keepGivenCitations } from './citations';

describe('keepGivenCitations', () => {
  it('keeps the citations of the sources given, in the order they first appear', () => {
    expect(keepGivenCitations('The budget is 400 euros [2]. The launch is in May [1][2].', 3)).toEqual({
      text: 'The budget is 400 euros [2]. The launch is in May [1][2].',
      cited: [2, 1],
    });
  });

  it('takes out a citation of a source it was not given, and the space before it', () => {
    expect(keepGivenCitations('The venue is booked [7]. Tickets are 10 euros [1].', 2)).toEqual({
      text: 'The venue is booked. Tickets are 10 euros [1].',
      cited: [1],
    });
    expect(keepGivenCitations('Nothing real [0] here [12], [99].', 3)).toEqual({
      text: 'Nothing real here,.',
      cited: [],
    });
  });

  it('reads footnote and grouped forms, keeping what was given', () => {
    expect(keepGivenCitations('Weekly lessons[^1] with a teacher [2, 5, 3].', 3)).toEqual({
      text: 'Weekly lessons[1] with a teacher [2][3].',
      cited: [1, 2, 3],
    });
  });

  it('leaves other brackets alone', () => {
    expect(keepGivenCitations('A [link](https://x.org) and [ ] and [a1].', 3)).toEqual({
      text: 'A [link](https://x.org) and [ ] and [a1].',
      cited: [],
    });
  });
});
