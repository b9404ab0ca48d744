// A MiniSearch index as a few flat arrays (its terms, and every term's postings packed in one
// Uint32Array), and back, for saving the index between visits. MiniSearch's own toJSON/loadJS go through
// an object per term and field whose keys are parsed back into numbers: about a second for 10,000 notes,
// where this takes tens of milliseconds, and IndexedDB stores typed arrays without a JSON step.
//
// MiniSearch has no public API for this, so this module reads and fills the index's internal maps, as
// loadJS does. It checks their shape first and answers null when it differs (another MiniSearch version):
// the caller then rebuilds the index from the notes, so a library update costs time, never wrong results.
import MiniSearch, { type Options } from 'minisearch';

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
export interface CompactMiniSearch {
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
  /** Per term (in `terms` order): its field count, then per field: field id, document count, then (short id, frequency) pairs. */
  postings: Uint32Array;
}

const MISSING = 0xffffffff;

function internalsOf(search: MiniSearch<never> | MiniSearch<{ id: string }>): Internals | null {
  const s = search as unknown as Partial<Internals>;
  const maps = [s._documentIds, s._idToShortId, s._fieldLength, s._storedFields];
  if (!maps.every((m) => m instanceof Map) || typeof s._index?.set !== 'function' || typeof s._fieldIds !== 'object') return null;
  if (typeof s._documentCount !== 'number' || typeof s._nextId !== 'number' || !Array.isArray(s._avgFieldLength)) return null;
  return s as Internals;
}

/** The index as flat arrays, or null when this MiniSearch keeps its index otherwise. */
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

  // Two passes over the terms: the first sizes the array, the second fills it.
  const terms: string[] = [];
  let size = 0;
  for (const [term, fields] of s._index) {
    terms.push(term);
    size += 1;
    for (const docs of fields.values()) size += 2 + docs.size * 2;
  }
  const postings = new Uint32Array(size);
  let p = 0;
  for (const [, fields] of s._index) {
    postings[p++] = fields.size;
    for (const [fieldId, docs] of fields) {
      postings[p++] = fieldId;
      postings[p++] = docs.size;
      for (const [shortId, frequency] of docs) {
        postings[p++] = shortId;
        postings[p++] = frequency;
      }
    }
  }
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
export function loadCompactMiniSearch(data: CompactMiniSearch, options: Options<{ id: string }>): MiniSearch<{ id: string }> | null {
  const fieldCount = Object.keys(data.fieldIds).length;
  if (options.fields.length !== fieldCount || !options.fields.every((field) => data.fieldIds[field] !== undefined)) return null;
  if (data.shortIds.length !== data.ids.length || data.fieldLengths.length !== data.ids.length * fieldCount) return null;
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

  const postings = data.postings;
  let p = 0;
  for (const term of data.terms) {
    const fields: FieldPostings = new Map();
    const fieldsOfTerm = postings[p++]!;
    for (let f = 0; f < fieldsOfTerm; f++) {
      const fieldId = postings[p++]!;
      const count = postings[p++]!;
      const docs = new Map<number, number>();
      for (let d = 0; d < count; d++) {
        docs.set(postings[p]!, postings[p + 1]!);
        p += 2;
      }
      fields.set(fieldId, docs);
    }
    s._index.set(term, fields);
  }
  // Truncated or misaligned data reads past its end as undefined: refuse it rather than guess.
  return p === postings.length ? search : null;
}
