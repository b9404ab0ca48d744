// The answer's citations as links (issue 34, 'Ask your notes'): only numbers of the done event's sources.
import { describe, expect, it } from 'vitest';
import type { AnswerSource } from '#core/citations';
import { answerMarkdown, answerSegments } from './answer-citations';

const ID_1 = '11111111-1111-4111-8111-111111111111';
const ID_2 = '22222222-2222-4222-8222-222222222222';
const podcast: AnswerSource = { n: 1, noteId: ID_1, title: 'Podcast launch' };
const budget: AnswerSource = { n: 2, noteId: ID_2, title: 'Budget' };

describe('answerSegments', () => {
  it('turns each [n] of a source into a citation and keeps the text around it', () => {
    expect(answerSegments('It costs 400 euros [1]. Soon [2][1].', [podcast, budget])).toEqual([
      { kind: 'text', text: 'It costs 400 euros ' },
      { kind: 'citation', source: podcast },
      { kind: 'text', text: '. Soon ' },
      { kind: 'citation', source: budget },
      { kind: 'citation', source: podcast },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves a number that is not a source as plain text', () => {
    expect(answerSegments('See [3] and [1].', [podcast])).toEqual([
      { kind: 'text', text: 'See [3] and ' },
      { kind: 'citation', source: podcast },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links nothing without sources (the nothing-found answer, a turn without a done event)', () => {
    expect(answerSegments('Nothing here [1].', [])).toEqual([{ kind: 'text', text: 'Nothing here [1].' }]);
    expect(answerSegments('Nothing here [1].', undefined)).toEqual([{ kind: 'text', text: 'Nothing here [1].' }]);
    expect(answerSegments('', [podcast])).toEqual([]);
  });

  it('ignores a source whose id no link can carry, and a second source with the same number', () => {
    const odd: AnswerSource = { n: 1, noteId: '../settings', title: 'Odd' };
    expect(answerSegments('A [1].', [odd])).toEqual([{ kind: 'text', text: 'A [1].' }]);
    expect(answerSegments('A [1].', [podcast, { ...budget, n: 1 }])[1]).toEqual({ kind: 'citation', source: podcast });
  });

  it('leaves other bracketed text and Markdown links the model wrote alone', () => {
    const text = 'A [^1], [1, 2], [x], [12a] and [1](https://example.com).';
    expect(answerSegments(text, [podcast, budget])).toEqual([{ kind: 'text', text }]);
  });
});

describe('answerMarkdown', () => {
  it('writes each citation as a link to its note', () => {
    expect(answerMarkdown('Your note says: 400 euros [1]', [podcast])).toBe(
      `Your note says: 400 euros [1](/note/${ID_1})`,
    );
  });

  it("escapes a '!' before a citation, which would make it an image", () => {
    expect(answerMarkdown('400 euros![1]', [podcast])).toBe(`400 euros\\![1](/note/${ID_1})`);
  });

  it('keeps the text as it is when nothing is cited', () => {
    expect(answerMarkdown('**Bold** [5]', [podcast])).toBe('**Bold** [5]');
  });
});
