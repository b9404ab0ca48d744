import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { describe, expect, it } from 'vitest';
import {
  compactMiniSearch,
  internalsFit,
  loadCompactMiniSearch,
  loadMiniSearch,
  miniSearchInternalsFit,
  saveMiniSearch,
} from './minisearch-data';

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
    expect(
      loaded
        .search('binoculars')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['b', 'd']);
  });

  it('saves a restored index whole, whether or not queries have read its postings yet', () => {
    const original = built();
    const data = compactMiniSearch(original)!;
    const untouched = loadCompactMiniSearch(structuredClone(data), options)!;
    const queried = loadCompactMiniSearch(structuredClone(data), options)!;
    queried.search('bino', { prefix: true });
    for (const restored of [untouched, queried]) {
      const again = loadCompactMiniSearch(structuredClone(compactMiniSearch(restored)!), options)!;
      expect(again.search('binoculars bag bread', { prefix: true })).toEqual(
        original.search('binoculars bag bread', { prefix: true }),
      );
      expect(again.search('notebok', { fuzzy: 1 })).toEqual(original.search('notebok', { fuzzy: 1 }));
    }
  });

  it('refuses what does not fit: other fields, cut data, an index kept some other way', () => {
    const data = compactMiniSearch(built())!;
    expect(loadCompactMiniSearch(data, { ...options, fields: ['title'] })).toBeNull();
    expect(
      loadCompactMiniSearch({ ...data, postings: data.postings.slice(0, data.postings.length - 3) }, options),
    ).toBeNull();
    expect(loadCompactMiniSearch({ ...data, shortIds: data.shortIds.slice(1) }, options)).toBeNull();
    expect(compactMiniSearch({ search: () => [] } as unknown as MiniSearch<{ id: string }>)).toBeNull();
  });

  // package.json allows any MiniSearch 7, and the flat arrays read its internal fields. If this fails after
  // an upgrade, saved indexes fall back to MiniSearch's slower toJSON: adapt minisearch-data.ts, or pin.
  it('fits the installed MiniSearch: its internals are the ones the flat arrays read and write', () => {
    expect(miniSearchInternalsFit()).toBe(true);
    const saved = saveMiniSearch(built());
    expect('terms' in saved && 'postings' in saved).toBe(true);
  });

  it('tells a MiniSearch whose index holds more than the flat arrays carry, and one whose fields moved', () => {
    /** Keeps one more thing in its index, and describes it in toJSON, as a later version might. */
    class MoreState extends MiniSearch<{ id: string }> {
      private _added = 0;
      override add(document: { id: string }): void {
        this._added++;
        super.add(document);
      }
      override toJSON() {
        return { ...super.toJSON(), added: this._added };
      }
    }
    /** Keeps its documents under other names. */
    class Moved extends MiniSearch<{ id: string }> {
      constructor(options: Options<{ id: string }>) {
        super(options);
        const self = this as unknown as Record<string, unknown>;
        self._documentIdsByShortId = self._documentIds;
        delete self._documentIds;
      }
    }
    expect(internalsFit(MiniSearch)).toBe(true);
    expect(internalsFit(MoreState)).toBe(false);
    expect(internalsFit(Moved)).toBe(false);
  });

  it("restores an index saved with MiniSearch's own toJSON, the way taken when the flat arrays do not fit", () => {
    const original = built();
    original.discard('c');
    const loaded = loadMiniSearch(structuredClone({ json: original.toJSON() }), options)!;
    expect(loaded.search('bino', { prefix: true })).toEqual(original.search('bino', { prefix: true }));
    expect(loaded.search('binocolars', { fuzzy: 1 })).toEqual(original.search('binocolars', { fuzzy: 1 }));
    loaded.add({ id: 'd', title: 'Bread again', text: '' } as { id: string });
    expect(loaded.search('bread').map((r) => r.id)).toEqual(['d']);
    // Saved for other fields, or damaged: rebuilt instead.
    expect(loadMiniSearch({ json: original.toJSON() }, { ...options, fields: ['title'] })).toBeNull();
    expect(loadMiniSearch({ json: { ...original.toJSON(), serializationVersion: 99 } }, options)).toBeNull();
  });
});
