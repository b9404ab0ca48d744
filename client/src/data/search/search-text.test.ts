import { describe, expect, it } from 'vitest';
import { highlightSegments, indexTerm, planQuery, snippetAround } from './search-text';

describe('planQuery', () => {
  it('takes the last word as still being typed unless the query ends in a space', () => {
    expect(planQuery('buy groc').map((t) => [t.term, t.prefix])).toEqual([
      ['buy', false],
      ['groc', true],
    ]);
    expect(planQuery('buy groc ').map((t) => t.prefix)).toEqual([false, false]);
  });

  it('drops stop words and a lone letter being typed, and folds case and accents', () => {
    expect(planQuery('The Café a').map((t) => t.term)).toEqual(['cafe']);
    expect(planQuery('g')).toEqual([]);
  });

  it('allows more typos in longer words, none in short ones', () => {
    expect(planQuery('cat milk grocery ').map((t) => t.fuzzy)).toEqual([0, 1, 2]);
  });

  it('looks for a short prefix typed alone in titles only, after other words everywhere', () => {
    expect(planQuery('gr')[0]?.prefixFields).toEqual(['title']);
    expect(planQuery('milk gr')[1]?.prefixFields).toEqual(['title', 'content', 'expanded', 'items']);
  });
});

describe('indexTerm', () => {
  it('keeps words worth finding only', () => {
    expect(indexTerm('Über')).toBe('uber');
    expect(indexTerm('the')).toBeNull();
    expect(indexTerm('x')).toBeNull();
  });
});

describe('highlightSegments', () => {
  it('marks whole matched words whatever their case and accents', () => {
    expect(highlightSegments('Buy Crème and milk.', new Set(['creme', 'milk']))).toEqual([
      { text: 'Buy ', match: false },
      { text: 'Crème', match: true },
      { text: ' and ', match: false },
      { text: 'milk', match: true },
      { text: '.', match: false },
    ]);
  });

  it('marks nothing inside a longer word', () => {
    expect(highlightSegments('milkshake', new Set(['milk']))).toEqual([{ text: 'milkshake', match: false }]);
  });
});

describe('snippetAround', () => {
  it('cuts around the first match at spaces and says where text was left out', () => {
    const text = `${'word '.repeat(40)}needle ${'tail '.repeat(40)}`;
    const snippet = snippetAround(text, new Set(['needle']), 20);
    expect(snippet).toMatch(/^…(word )+needle( tail)+…$/);
    expect(snippetAround('nothing here', new Set(['needle']))).toBeNull();
  });
});
