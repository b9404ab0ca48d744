// The full-text index of one user's notes (MiniSearch: BM25 ranking, prefix and edit-distance matching)
// and the flags the filters read. Kept in step note by note (upsert, remove); searched with a plan from
// search-text.ts. Every query word must match; the words already typed are looked up first and the word
// being typed is scored only on the notes they left, so a long query stays as fast as its rarest word.
import MiniSearch, { type Options, type Query, type SearchResult } from 'minisearch';
import { noteTags, tagAncestry } from '#core/tags';
import { loadMiniSearch, saveMiniSearch, type SavedMiniSearch } from './minisearch-data';
import {
  indexTerm,
  planQuery,
  SEARCH_FIELDS,
  splitTagQuery,
  splitWords,
  toSearchDocument,
  type TagQuery,
  type QueryTerm,
  type SearchableNote,
  type SearchField,
} from './search-text';

export type SearchFilter = 'all' | 'checklists' | 'conflicts' | 'unsynced' | 'archived';
export const SEARCH_FILTERS: readonly SearchFilter[] = ['all', 'checklists', 'conflicts', 'unsynced', 'archived'];

/** What the filters and the order need to know of a note besides its text. */
export interface NoteFlags {
  checklist: boolean;
  conflict: boolean;
  unsynced: boolean;
  /** Archived (issue 33): found only with the 'archived' filter, as the lists leave it out. */
  archived: boolean;
  updatedAt: string;
  /** Every tag of the note with the tags it lies inside (core/tags.ts): what a `#tag` in the query asks for. */
  tags: readonly string[];
}

export interface IndexedNote extends SearchableNote {
  is_checklist: boolean;
  conflict_of: string | null;
  sync_state: string;
  updated_at: string;
  archived_at: string | null;
  tags: readonly string[] | null;
}

/** One found note: its id and the words of it that matched (normalised), by field. */
export interface SearchHit {
  id: string;
  score: number;
  /** The note's words that matched, e.g. 'groceries' for the query 'grocer'. */
  terms: string[];
  /** The fields that matched, in SEARCH_FIELDS order. */
  fields: SearchField[];
}

export interface SearchAnswer {
  /** How many notes match in all. */
  total: number;
  /** The best `limit` of them, best first (newest first without a query). */
  hits: SearchHit[];
}

const CONFLICT_SUFFIX = '(conflict copy)';

export function flagsOf(note: IndexedNote): NoteFlags {
  return {
    checklist: note.is_checklist,
    conflict: note.conflict_of !== null || note.title.trimEnd().endsWith(CONFLICT_SUFFIX),
    unsynced: note.sync_state !== 'synced',
    archived: note.archived_at !== null,
    updatedAt: note.updated_at,
    tags: [...new Set(noteTags(note).flatMap(tagAncestry))],
  };
}

const NO_TAGS: TagQuery = { tags: [], typing: null };

/** Whether a note's tags hold every tag the query names; the one being typed may be the start of a name. */
function tagged(noteTags: readonly string[], query: TagQuery): boolean {
  if (!query.tags.every((tag) => noteTags.includes(tag))) return false;
  const typing = query.typing;
  return typing === null || noteTags.some((tag) => tag.startsWith(typing));
}

function passes(flags: NoteFlags | undefined, filter: SearchFilter, tags: TagQuery = NO_TAGS): boolean {
  if (!flags) return false;
  if ((tags.tags.length > 0 || tags.typing !== null) && !tagged(flags.tags, tags)) return false;
  if (filter === 'archived') return flags.archived;
  if (flags.archived) return false;
  if (filter === 'checklists') return flags.checklist;
  if (filter === 'conflicts') return flags.conflict;
  if (filter === 'unsynced') return flags.unsynced;
  return true;
}

function tokenize(text: string): string[] {
  return splitWords(text);
}

const FIELD_BOOST: Partial<Record<SearchField, number>> = { title: 3, items: 1.5 };

function termQuery(t: QueryTerm): Query {
  const exact: Query = { queries: [t.term], fuzzy: t.fuzzy || false, prefix: false };
  if (!t.prefix) return exact;
  // The exact word anywhere, or a longer word starting with it in the fields its length allows.
  return {
    combineWith: 'OR',
    queries: [exact, { queries: [t.term], prefix: true, fuzzy: false, fields: [...t.prefixFields] }],
  };
}

const MINISEARCH_OPTIONS: Options<{ id: string }> = {
  fields: [...SEARCH_FIELDS],
  storeFields: [],
  tokenize,
  processTerm: indexTerm,
  searchOptions: { tokenize, processTerm: (term) => term, boost: FIELD_BOOST, weights: { fuzzy: 0.45, prefix: 0.75 } },
};

/** An index as data, for saving it (index-snapshot.ts): flat arrays, which IndexedDB stores as they are. */
export interface NoteIndexData {
  search: SavedMiniSearch;
  flags: {
    ids: string[];
    updatedAt: string[];
    /** Per id: CHECKLIST | CONFLICT | UNSYNCED | ARCHIVED bits. */
    bits: Uint8Array;
    /** Per id: its tags with their ancestors (NoteFlags.tags). */
    tags: string[][];
  };
}

const CHECKLIST = 1;
const CONFLICT = 2;
const UNSYNCED = 4;
const ARCHIVED = 8;

export class NoteIndex {
  private search = new MiniSearch(MINISEARCH_OPTIONS);
  private flags = new Map<string, NoteFlags>();
  /** Every indexed id, newest first; rebuilt after a change, on the next query without words. */
  private newestFirst: string[] | null = null;

  /** The index saved by toData, or null when the data does not fit this version of the index. */
  static fromData(data: NoteIndexData): NoteIndex | null {
    const { ids, updatedAt, bits, tags } = data.flags;
    if (updatedAt.length !== ids.length || bits.length !== ids.length || tags?.length !== ids.length) return null;
    const search = loadMiniSearch(data.search, MINISEARCH_OPTIONS);
    if (!search) return null;
    const index = new NoteIndex();
    index.search = search;
    for (let at = 0; at < ids.length; at++) {
      const b = bits[at]!;
      index.flags.set(ids[at]!, {
        checklist: (b & CHECKLIST) !== 0,
        conflict: (b & CONFLICT) !== 0,
        unsynced: (b & UNSYNCED) !== 0,
        archived: (b & ARCHIVED) !== 0,
        updatedAt: updatedAt[at]!,
        tags: tags[at]!,
      });
    }
    return index;
  }

  /** The index as data (see minisearch-data.ts for how MiniSearch's part is saved). */
  toData(): NoteIndexData {
    const search = saveMiniSearch(this.search);
    const ids: string[] = [];
    const updatedAt: string[] = [];
    const tags: string[][] = [];
    const bits = new Uint8Array(this.flags.size);
    for (const [id, flags] of this.flags) {
      bits[ids.length] =
        (flags.checklist ? CHECKLIST : 0) |
        (flags.conflict ? CONFLICT : 0) |
        (flags.unsynced ? UNSYNCED : 0) |
        (flags.archived ? ARCHIVED : 0);
      ids.push(id);
      updatedAt.push(flags.updatedAt);
      tags.push([...flags.tags]);
    }
    return { search, flags: { ids, updatedAt, bits, tags } };
  }

  get size(): number {
    return this.flags.size;
  }

  has(id: string): boolean {
    return this.flags.has(id);
  }

  /** Those of `ids` the index holds that pass `filter`, in the order given (the notes search by meaning found). */
  pick(ids: readonly string[], filter: SearchFilter): string[] {
    return ids.filter((id) => passes(this.flags.get(id), filter));
  }

  /** Adds notes or replaces their indexed text and flags. */
  upsert(notes: readonly IndexedNote[]): void {
    for (const note of notes) {
      if (this.search.has(note.id)) this.search.discard(note.id);
      this.search.add(toSearchDocument(note));
      this.flags.set(note.id, flagsOf(note));
    }
    this.newestFirst = null;
  }

  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      if (this.search.has(id)) this.search.discard(id);
      this.flags.delete(id);
    }
    this.newestFirst = null;
  }

  /** Marks which notes wait to sync (the 'not yet synced' filter) without re-reading their text; true when a mark moved. */
  setUnsynced(unsynced: ReadonlySet<string>): boolean {
    let moved = false;
    for (const [id, flags] of this.flags) {
      const value = unsynced.has(id);
      if (flags.unsynced === value) continue;
      this.flags.set(id, { ...flags, unsynced: value });
      moved = true;
    }
    return moved;
  }

  /**
   * The notes matching `query` and `filter`, best first; without query words, newest first. A `#tag` in the
   * query keeps the notes with that tag (or one inside it) and is no word to find.
   */
  query(query: string, filter: SearchFilter = 'all', limit = 60): SearchAnswer {
    const { text, ...tags } = splitTagQuery(query);
    const plan = planQuery(text);
    const hits = plan.length === 0 ? this.allOf(filter, tags) : this.find(plan, filter, tags);
    return { total: hits.length, hits: hits.slice(0, limit) };
  }

  private allOf(filter: SearchFilter, tags: TagQuery): SearchHit[] {
    if (!this.newestFirst) {
      const byTime = [...this.flags].sort(([a, fa], [b, fb]) =>
        fa.updatedAt < fb.updatedAt ? 1 : fa.updatedAt > fb.updatedAt ? -1 : a < b ? 1 : -1,
      );
      this.newestFirst = byTime.map(([id]) => id);
    }
    const hits: SearchHit[] = [];
    for (const id of this.newestFirst)
      if (passes(this.flags.get(id), filter, tags)) hits.push({ id, score: 0, terms: [], fields: [] });
    return hits;
  }

  private find(plan: QueryTerm[], filter: SearchFilter, tags: TagQuery): SearchHit[] {
    // Rarest first would be better still, but typed order keeps the word being typed last.
    let candidates: Map<string, SearchResult> | null = null;
    for (const term of plan) {
      const allowed: Map<string, SearchResult> | null = candidates;
      const boostDocument = (id: string) =>
        allowed ? (allowed.has(id) ? 1 : 0) : passes(this.flags.get(id), filter, tags) ? 1 : 0;
      const found = this.search.search(termQuery(term), { boostDocument });
      const next = new Map<string, SearchResult>();
      for (const result of found) {
        const before = allowed?.get(result.id);
        if (allowed && !before) continue;
        next.set(result.id, before ? merge(before, result) : result);
      }
      candidates = next;
      if (candidates.size === 0) break;
    }
    const results = [...(candidates?.values() ?? [])];
    results.sort((a, b) => b.score - a.score || this.newer(a.id as string, b.id as string));
    return results.map(toHit);
  }

  private newer(a: string, b: string): number {
    const ua = this.flags.get(a)?.updatedAt ?? '';
    const ub = this.flags.get(b)?.updatedAt ?? '';
    return ua < ub ? 1 : ua > ub ? -1 : 0;
  }
}

function merge(a: SearchResult, b: SearchResult): SearchResult {
  const match: SearchResult['match'] = { ...a.match };
  for (const [term, fields] of Object.entries(b.match)) match[term] = [...new Set([...(match[term] ?? []), ...fields])];
  return { ...a, score: a.score + b.score, terms: [...new Set([...a.terms, ...b.terms])], match };
}

function toHit(result: SearchResult): SearchHit {
  const fields = new Set(Object.values(result.match).flat());
  return {
    id: result.id as string,
    score: result.score,
    terms: Object.keys(result.match),
    fields: SEARCH_FIELDS.filter((field) => fields.has(field)),
  };
}
