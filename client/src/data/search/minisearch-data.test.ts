import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { compactMiniSearch, loadCompactMiniSearch } from './minisearch-data';

const options: Options<{ id: string }> = { fields: ['title', 'text'], storeFields: [] };
const docs = [
  { id: 'a', title: 'Binoculars for the trip', text: 'Pack them in the blue bag' },
  { id: 'b', title: 'Birdwatching', text: 'Bring binoculars and a notebook' },
  { id: 'c', title: 'Bread', text: '' },
];

function built(): MiniSearch<{ id: string }> {
  const search = new MiniSearch(options);
  search.addAll(docs);
  return search;
}

describe('a MiniSearch index as flat arrays', () => {
  it('answers every kind of query as the index it came from, scores included', () => {
    const original = built();
    original.discard('c');
    const loaded = loadCompactMiniSearch(structuredClone(compactMiniSearch(original)!), options)!;
    const queries: [string, SearchOptions][] = [
      ['binoculars', {}],
      ['bino', { prefix: true }],
      ['binocolars', { fuzzy: 1 }],
      ['bread', {}],
      ['bag', { fields: ['text'] }],
    ];
    for (const [query, search] of queries) {
      expect(loaded.search(query, search)).toEqual(original.search(query, search));
    }
    expect(loaded.documentCount).toBe(2);
  });

  it('keeps taking documents and discards after loading', () => {
    const loaded = loadCompactMiniSearch(compactMiniSearch(built())!, options)!;
    loaded.discard('a');
    loaded.add({ id: 'd', title: 'Binoculars, again', text: '' } as { id: string });
    expect(() => loaded.add({ id: 'b' })).toThrow(/duplicate/);
    expect(loaded.search('binoculars').map((r) => r.id).sort()).toEqual(['b', 'd']);
  });

  it('saves a restored index whole, whether or not queries have read its postings yet', () => {
    const original = built();
    const data = compactMiniSearch(original)!;
    const untouched = loadCompactMiniSearch(structuredClone(data), options)!;
    const queried = loadCompactMiniSearch(structuredClone(data), options)!;
    queried.search('bino', { prefix: true });
    for (const restored of [untouched, queried]) {
      const again = loadCompactMiniSearch(structuredClone(compactMiniSearch(restored)!), options)!;
      expect(again.search('binoculars bag bread', { prefix: true })).toEqual(original.search('binoculars bag bread', { prefix: true }));
      expect(again.search('notebok', { fuzzy: 1 })).toEqual(original.search('notebok', { fuzzy: 1 }));
    }
  });

  it('refuses what does not fit: other fields, cut data, an index kept some other way', () => {
    const data = compactMiniSearch(built())!;
    expect(loadCompactMiniSearch(data, { ...options, fields: ['title'] })).toBeNull();
    expect(loadCompactMiniSearch({ ...data, postings: data.postings.slice(0, data.postings.length - 3) }, options)).toBeNull();
    expect(loadCompactMiniSearch({ ...data, shortIds: data.shortIds.slice(1) }, options)).toBeNull();
    expect(compactMiniSearch({ search: () => [] } as unknown as MiniSearch<{ id: string }>)).toBeNull();
  });
});
