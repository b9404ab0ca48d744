// The word search the evaluation compares meaning with: MiniSearch over the notes' title and content, with
// the options and the query plan of the app's search (client/src/data/search/note-index.ts and
// search-text.ts), mirrored here because the evals may not import client/src. Mirrored: the fields and
// their boosts, the tokeniser, the stop words, the fuzzy and prefix weights, and the plan: every word
// must match (AND), a word of 4 letters or more may be 1 or 2 edits away, the last word is a prefix while
// it is still being typed (no space or punctuation after it). Not mirrored: filters and tags (unused here).
import MiniSearch, { type Query, type SearchResult } from 'minisearch';

const FIELDS = ['title', 'content'] as const;
const FIELD_BOOST = { title: 3 };
const STOP_WORDS = new Set(
  'a an and are as at be but by for from had has have he her his i if in into is it its me my no not of on or our she so that the their them then there these they this to was we were will with you your'.split(
    ' ',
  ),
);
const WORD = /[\p{L}\p{N}]+/gu;

const splitWords = (text: string): string[] => text.match(WORD) ?? [];
const normalizeWord = (word: string): string =>
  word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');

function indexTerm(word: string): string | null {
  const term = normalizeWord(word);
  return term.length < 2 || STOP_WORDS.has(term) ? null : term;
}

const fuzzyDistance = (length: number): number => (length < 4 ? 0 : length < 7 ? 1 : 2);

interface Term {
  term: string;
  prefix: boolean;
  fuzzy: number;
  prefixFields: readonly string[];
}

function planQuery(query: string): Term[] {
  const words = splitWords(query).map(normalizeWord);
  const typing = words.length > 0 && /[\p{L}\p{N}]$/u.test(query);
  const terms: Term[] = [];
  words.forEach((term, i) => {
    if (typing && i === words.length - 1) {
      if (term.length < 2) return;
      const alone = terms.length === 0;
      const prefixFields = !alone || term.length > 3 ? FIELDS : ['title'];
      terms.push({ term, prefix: true, fuzzy: fuzzyDistance(term.length - 1), prefixFields });
      return;
    }
    if (indexTerm(term) === null) return;
    terms.push({ term, prefix: false, fuzzy: fuzzyDistance(term.length), prefixFields: [] });
  });
  return terms.filter((t, i) => terms.findIndex((u) => u.term === t.term && u.prefix === t.prefix) === i);
}

function termQuery(t: Term): Query {
  const exact: Query = { queries: [t.term], fuzzy: t.fuzzy || false, prefix: false };
  if (!t.prefix) return exact;
  return {
    combineWith: 'OR',
    queries: [exact, { queries: [t.term], prefix: true, fuzzy: false, fields: [...t.prefixFields] }],
  };
}

export interface LexicalNote {
  id: string;
  title: string;
  content: string;
}

/** A word index of `notes`; `search` gives the ids of the notes matching every word of the query, best first. */
export function lexicalIndex(notes: readonly LexicalNote[]) {
  const search = new MiniSearch<LexicalNote>({
    fields: [...FIELDS],
    storeFields: [],
    tokenize: splitWords,
    processTerm: indexTerm,
    searchOptions: {
      tokenize: splitWords,
      processTerm: (term) => term,
      boost: FIELD_BOOST,
      weights: { fuzzy: 0.45, prefix: 0.75 },
    },
  });
  search.addAll(notes);
  return {
    search(query: string, limit = 10): string[] {
      let candidates: Map<string, SearchResult> | null = null;
      for (const term of planQuery(query)) {
        const allowed: Map<string, SearchResult> | null = candidates;
        const found = search.search(termQuery(term), {
          ...(allowed ? { boostDocument: (id: unknown) => (allowed.has(id as string) ? 1 : 0) } : {}),
        });
        const next = new Map<string, SearchResult>();
        for (const result of found) {
          const before = allowed?.get(result.id as string);
          if (allowed && !before) continue;
          next.set(result.id as string, before ? { ...before, score: before.score + result.score } : result);
        }
        candidates = next;
        if (candidates.size === 0) break;
      }
      // Ties keep the index order (the app orders them newest first; all notes here are written at once).
      return [...(candidates?.values() ?? [])]
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((result) => result.id as string);
    },
  };
}
