// The evaluation's word search behaves as the app's: every word must match, titles weigh more, a long
// word may be misspelt, the last word is a prefix only while it is being typed.
import { describe, expect, it } from 'vitest';
import { lexicalIndex } from './lexical';

const index = lexicalIndex([
  { id: 'permit', title: 'Parking permit', content: 'Renew online before 30 September.' },
  { id: 'ferry', title: 'Ferry', content: 'Parking at the port is 12 a day.' },
  { id: 'cake', title: "Grandma's lemon cake", content: 'Zest of two lemons.' },
]);

describe('lexicalIndex', () => {
  it('wants every word of the query, and ranks a title match first', () => {
    expect(index.search('parking')).toEqual(['permit', 'ferry']);
    expect(index.search('parking permit')).toEqual(['permit']);
    expect(index.search('When is the parking permit due?')).toEqual([]);
  });

  it('forgives a typo in a long word and completes the word being typed', () => {
    expect(index.search('parkign ')).toEqual(['permit', 'ferry']);
    expect(index.search('lemon ca')).toEqual(['cake']);
    expect(index.search('lemon ca.')).toEqual([]);
  });
});
