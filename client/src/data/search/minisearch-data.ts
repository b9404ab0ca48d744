// A MiniSearch index saved between visits, and back. The fast way is a few flat arrays (its terms, and
// every term's postings packed in one Uint32Array): MiniSearch's own toJSON/loadJS go through an object
// per term and field whose keys are parsed back into numbers, many times slower for a large index, while
// flat arrays need no JSON step in IndexedDB and a term's postings become maps only when a query first
// reads them.
//
// MiniSearch has no public API for that, so the fast way reads and fills the index's internal maps, as
// loadJS does, and package.json allows any MiniSearch 7. So it is used only while it provably works: once
// per page a small index is saved and restored through it and must come back as MiniSearch's own toJSON()
// describes the original (miniSearchInternalsFit). When it does not (another MiniSearch), indexes are saved
// with toJSON and restored with loadJS, the public API: slower, never wrong.
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import { unzigzag, VarintReader, VarintWriter, zigzag } from './varint';

/** term → field id → short document id → term frequency, as MiniSearch keeps it. */
type FieldPostings = Map<number, Map<number, number>>;

/** The internal fields of a MiniSearch instance this module reads and writes (MiniSearch 7). */
interface Internals {
  _documentCount: number;
  _nextId: number;
  _dirtCount: number;
  _fieldIds: Record<string, number>;
  _avgFieldLength: number[];
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
  _fieldLength: Map<number, number[]>;
  _storedFields: Map<number, unknown>;
  _index: { set(term: string, value: FieldPostings): unknown; size: number } & Iterable<[string, FieldPostings]>;
}

/** A MiniSearch index as flat arrays (structured-cloneable: IndexedDB and postMessage take it as is). */
interface CompactMiniSearch {
  documentCount: number;
  nextId: number;
  dirtCount: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** Document ids, and their short ids at the same positions. */
  ids: string[];
  shortIds: Uint32Array;
  /** Per document (in `ids` order), the length of each field by field id; MISSING where it has none. */
  fieldLengths: Uint32Array;
  terms: string[];
  /**
   * Per term (in `terms` order): its field count, then per field: field id, document count, then per
   * document the difference of its short id from the one before (zigzag, for re-added documents) and the
   * frequency; all as varints (seven bits a byte). About 2 bytes a posting instead of 8: the saved index
   * of 10,000 notes is read from IndexedDB in a third of the time.
   */
  postings: Uint8Array;
}

/** An index saved by MiniSearch's public API, when the flat arrays cannot be trusted with this MiniSearch. */
interface JsonMiniSearch {
  json: AsPlainObject;
}

/** A saved index, either way; structured-cloneable. */
export type SavedMiniSearch = CompactMiniSearch | JsonMiniSearch;

const MISSING = 0xffffffff;

function internalsOf(search: MiniSearch<never> | MiniSearch<{ id: string }>): Internals | null {
  const s = search as unknown as Partial<Internals>;
  const maps = [s._documentIds, s._idToShortId, s._fieldLength, s._storedFields];
  if (!maps.every((m) => m instanceof Map) || typeof s._index?.set !== 'function' || typeof s._fieldIds !== 'object')
    return null;
  if (typeof s._documentCount !== 'number' || typeof s._nextId !== 'number' || !Array.isArray(s._avgFieldLength))
    return null;
  return s as Internals;
}

/** The index as flat arrays, or null when this MiniSearch keeps its index otherwise (only the probe calls it unchecked). */
export function compactMiniSearch(search: MiniSearch<{ id: string }>): CompactMiniSearch | null {
  const s = internalsOf(search);
  if (!s) return null;
  const fieldCount = Object.keys(s._fieldIds).length;

  const ids: string[] = [];
  const shortIds = new Uint32Array(s._documentIds.size);
  const fieldLengths = new Uint32Array(s._documentIds.size * fieldCount);
  let at = 0;
  for (const [shortId, id] of s._documentIds) {
    shortIds[at] = shortId;
    ids.push(id);
    const lengths = s._fieldLength.get(shortId) ?? [];
    for (let field = 0; field < fieldCount; field++) fieldLengths[at * fieldCount + field] = lengths[field] ?? MISSING;
    at++;
  }

  const terms: string[] = [];
  const writer = new VarintWriter();
  for (const [term, fields] of s._index) {
    terms.push(term);
    writer.write(fields.size);
    for (const [fieldId, docs] of fields) {
      writer.write(fieldId);
      writer.write(docs.size);
      let previous = 0;
      for (const [shortId, frequency] of docs) {
        writer.write(zigzag(shortId - previous));
        writer.write(frequency);
        previous = shortId;
      }
    }
  }
  const postings = writer.bytes();
  return {
    documentCount: s._documentCount,
    nextId: s._nextId,
    dirtCount: s._dirtCount,
    fieldIds: { ...s._fieldIds },
    averageFieldLength: [...s._avgFieldLength],
    ids,
    shortIds,
    fieldLengths,
    terms,
    postings,
  };
}

/** The index back from flat arrays, or null when they do not fit this MiniSearch or these options. */
export function loadCompactMiniSearch(
  data: CompactMiniSearch,
  options: Options<{ id: string }>,
): MiniSearch<{ id: string }> | null {
  const fieldCount = Object.keys(data.fieldIds).length;
  if (options.fields.length !== fieldCount || !options.fields.every((field) => data.fieldIds[field] !== undefined))
    return null;
  if (data.shortIds.length !== data.ids.length || data.fieldLengths.length !== data.ids.length * fieldCount)
    return null;
  // loadJS with no documents and no terms sets everything else up as MiniSearch does itself.
  const search = MiniSearch.loadJS(
    {
      documentCount: data.documentCount,
      nextId: data.nextId,
      documentIds: {},
      fieldIds: data.fieldIds,
      fieldLength: {},
      averageFieldLength: data.averageFieldLength,
      storedFields: {},
      dirtCount: data.dirtCount,
      index: [],
      serializationVersion: 2,
    },
    options,
  );
  const s = internalsOf(search);
  if (!s) return null;

  for (let at = 0; at < data.ids.length; at++) {
    const id = data.ids[at]!;
    const shortId = data.shortIds[at]!;
    s._documentIds.set(shortId, id);
    s._idToShortId.set(id, shortId);
    const lengths: number[] = [];
    for (let field = 0; field < fieldCount; field++) {
      const length = data.fieldLengths[at * fieldCount + field]!;
      if (length !== MISSING) lengths[field] = length;
    }
    s._fieldLength.set(shortId, lengths);
  }

  // Each term's postings are decoded into maps when a query first reads them, not here: 10,000 notes
  // hold about 700,000 postings, and building their maps was most of the restore. The bytes are walked
  // once all the same, without building anything, to find where each term starts and to refuse damage.
  const reader = new VarintReader(data.postings);
  const starts = new Uint32Array(data.terms.length);
  for (let t = 0; t < data.terms.length; t++) {
    starts[t] = reader.position;
    const fieldsOfTerm = reader.read();
    if (fieldsOfTerm > fieldCount) return null;
    for (let f = 0; f < fieldsOfTerm; f++) {
      reader.read(); // the field id
      const count = reader.read();
      // Each posting takes two bytes at least: a larger count is damage (and would loop for long).
      if (count * 2 > data.postings.length) return null;
      reader.skip(count * 2);
    }
  }
  // Truncated or misaligned data ends early or late: refuse it rather than guess.
  if (!reader.atEnd()) return null;
  for (let t = 0; t < data.terms.length; t++)
    s._index.set(data.terms[t]!, new LazyFieldPostings(data.postings, starts[t]!));
  return search;
}

/** The index to save: as flat arrays when this MiniSearch's internals are the ones this module knows, else as toJSON(). */
export function saveMiniSearch(search: MiniSearch<{ id: string }>): SavedMiniSearch {
  const compact = miniSearchInternalsFit() ? compactMiniSearch(search) : null;
  return compact ?? { json: search.toJSON() };
}

/** A saved index back, or null when it does not fit this MiniSearch or these options (the caller rebuilds it). */
export function loadMiniSearch(
  data: SavedMiniSearch,
  options: Options<{ id: string }>,
): MiniSearch<{ id: string }> | null {
  if ('json' in data) return loadJson(data.json, options);
  // Flat arrays saved under another MiniSearch's internals are not read into this one's.
  return miniSearchInternalsFit() ? loadCompactMiniSearch(data, options) : null;
}

function loadJson(json: AsPlainObject, options: Options<{ id: string }>): MiniSearch<{ id: string }> | null {
  const saved = Object.keys(json.fieldIds);
  if (saved.length !== options.fields.length || !options.fields.every((field) => saved.includes(field))) return null;
  try {
    return MiniSearch.loadJS(json, options);
  } catch {
    // Another serialization version, or damage.
    return null;
  }
}

let installedFits: boolean | undefined;

/** Whether the flat arrays work with the MiniSearch this page loaded (internalsFit), decided once. */
export function miniSearchInternalsFit(): boolean {
  installedFits ??= internalsFit(MiniSearch);
  return installedFits;
}

const PROBE_OPTIONS: Options<{ id: string }> = { fields: ['title', 'text'], storeFields: [] };
const PROBE_DOCUMENTS = [
  { id: 'a', title: 'Binoculars for the trip', text: 'Pack them in the blue bag' },
  { id: 'b', title: 'Birdwatching', text: 'Bring binoculars and a notebook' },
  { id: 'c', title: 'Bread' },
];

/**
 * Whether an index made by `Search` survives the flat arrays: a small one is saved and restored through
 * them, and the copy must match MiniSearch's own description of the original (toJSON) and answer a query
 * alike, before and after both take one more document.
 */
export function internalsFit(Search: new (options: Options<{ id: string }>) => MiniSearch<{ id: string }>): boolean {
  try {
    const original = new Search(PROBE_OPTIONS);
    original.addAll(PROBE_DOCUMENTS);
    // A discarded document and one added again: dirt, and short ids out of order.
    original.discard('a');
    original.add({ id: 'a', title: 'Binoculars, again', text: 'the blue bag' } as { id: string });
    const data = compactMiniSearch(original);
    const restored = data ? loadCompactMiniSearch(structuredClone(data), PROBE_OPTIONS) : null;
    if (!restored || described(restored) !== described(original)) return false;
    const query = (search: MiniSearch<{ id: string }>) =>
      JSON.stringify(search.search('binoculars bag', { prefix: true, fuzzy: 0.2 }));
    if (query(restored) !== query(original)) return false;
    for (const search of [original, restored])
      search.add({ id: 'd', title: 'Binoculars', text: 'notebook' } as { id: string });
    return described(restored) === described(original);
  } catch {
    return false;
  }
}

/** MiniSearch's own description of an index, in an order that does not depend on how it was filled. */
function described(search: MiniSearch<{ id: string }>): string {
  const json = search.toJSON();
  const index = [...json.index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify({ ...json, index }, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** Reads one term's postings (see CompactMiniSearch.postings) from `at` into `into`. */
function readTermPostings(bytes: Uint8Array, at: number, into: FieldPostings): void {
  const reader = new VarintReader(bytes, at);
  const fieldsOfTerm = reader.read();
  for (let f = 0; f < fieldsOfTerm; f++) {
    const fieldId = reader.read();
    const count = reader.read();
    const docs = new Map<number, number>();
    let shortId = 0;
    for (let d = 0; d < count; d++) {
      shortId += unzigzag(reader.read());
      docs.set(shortId, reader.read());
    }
    into.set(fieldId, docs);
  }
}

/**
 * A term's postings (field id → short document id → frequency) as MiniSearch reads and changes them,
 * decoded from the saved bytes the first time any of it is used. Every Map method MiniSearch calls
 * decodes first, so to MiniSearch (search, add, discard, vacuum, save) it is the Map it would have built.
 */
class LazyFieldPostings extends Map<number, Map<number, number>> {
  private saved: { bytes: Uint8Array; at: number } | null;

  constructor(bytes: Uint8Array, at: number) {
    super();
    this.saved = { bytes, at };
  }

  private decode(): void {
    const saved = this.saved;
    if (!saved) return;
    this.saved = null;
    readTermPostings(saved.bytes, saved.at, this);
  }

  override get size(): number {
    this.decode();
    return super.size;
  }
  override get(key: number): Map<number, number> | undefined {
    this.decode();
    return super.get(key);
  }
  override has(key: number): boolean {
    this.decode();
    return super.has(key);
  }
  override set(key: number, value: Map<number, number>): this {
    this.decode();
    return super.set(key, value);
  }
  override delete(key: number): boolean {
    this.decode();
    return super.delete(key);
  }
  override clear(): void {
    this.saved = null;
    super.clear();
  }
  override forEach(
    callback: (value: Map<number, number>, key: number, map: Map<number, Map<number, number>>) => void,
    thisArg?: unknown,
  ): void {
    this.decode();
    super.forEach(callback, thisArg);
  }
  override keys(): MapIterator<number> {
    this.decode();
    return super.keys();
  }
  override values(): MapIterator<Map<number, number>> {
    this.decode();
    return super.values();
  }
  override entries(): MapIterator<[number, Map<number, number>]> {
    this.decode();
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[number, Map<number, number>]> {
    this.decode();
    return super[Symbol.iterator]();
  }
}
