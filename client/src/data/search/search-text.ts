// How note text becomes search terms and how a typed query becomes a search plan: one normalisation
// (lower case, accents folded, stop words dropped) for the index, the query and the highlights, so
// 'Café' typed as 'cafe' is found and marked. Pure: no index, no DOM.
import { normalizeTag } from '#core/tags';

/** The note fields the index holds, in the order a match is reported. */
export const SEARCH_FIELDS = ['title', 'content', 'expanded', 'items'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A note as the index reads it. */
export interface SearchDocument {
  id: string;
  title: string;
  content: string;
  expanded: string;
  items: string;
}

/** The fields of a note the search reads (a LocalNote or NoteView has them all). */
export interface SearchableNote {
  id: string;
  title: string;
  content: string;
  expanded_content: string | null;
  checklist_items: readonly { text: string }[] | null;
}

export function toSearchDocument(note: SearchableNote): SearchDocument {
  return {
    id: note.id,
    title: note.title,
    content: note.content,
    expanded: note.expanded_content ?? '',
    items: (note.checklist_items ?? []).map((item) => item.text).join('\n'),
  };
}

// Words that match nearly every note: indexing them costs time and memory and ranks nothing.
const STOP_WORDS = new Set(
  'a an and are as at be but by for from had has have he her his i if in into is it its me my no not of on or our she so that the their them then there these they this to was we were will with you your'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/** The comparable form of a word: lower case without accents. */
export function normalizeWord(word: string): string {
  // Most words are ASCII: skip the costly Unicode decomposition for them (it is most of an index build).
  const lower = word.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(COMBINING_MARKS, '') : lower;
}

/** A word as the index stores it, or null for a word not worth indexing (a stop word, one letter). */
export function indexTerm(word: string): string | null {
  const term = normalizeWord(word);
  return term.length < 2 || STOP_WORDS.has(term) ? null : term;
}

/** The words of a text, in order. */
export function splitWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** One word of a query, with how loosely it may match. */
export interface QueryTerm {
  term: string;
  /** The word is still being typed: longer words that start with it match too. */
  prefix: boolean;
  /** Edits (Levenshtein) a matching word may be away from it: typo tolerance. */
  fuzzy: number;
  /**
   * Fields in which its prefix matches are looked for. A word of two or three letters begins a large
   * share of all words; looking for those in long texts takes long and ranks noise, so short prefixes
   * look only in titles (and checklist items); the exact word is looked for everywhere.
   */
  prefixFields: readonly SearchField[];
}

/** Allowed edits for a word of this length: none under 4 letters, 1 up to 6, 2 from 7 on. */
export function fuzzyDistance(length: number): number {
  if (length < 4) return 0;
  return length < 7 ? 1 : 2;
}

function prefixFieldsFor(length: number, alone: boolean): readonly SearchField[] {
  // After other words the candidates are few, so scoring a short prefix everywhere is cheap.
  if (!alone) return SEARCH_FIELDS;
  if (length <= 2) return ['title'];
  if (length === 3) return ['title', 'items'];
  return SEARCH_FIELDS;
}

/**
 * The words of a query to look for; every word must match (AND). The last word is taken as still being
 * typed unless the query ends in a space or punctuation. An empty plan means 'no query': every note.
 */
/** The `#tags` a query names: each a whole tag, but the last while it is typed (no space after it yet). */
export interface TagQuery {
  tags: string[];
  /** The tag being typed, to match the start of a tag; null when none is. */
  typing: string | null;
}

const QUERY_TAG = /(^|\s)#(\S*)/gu;

/** A query's `#tags` apart from its words (pure): `#work plan` asks for the word 'plan' in notes tagged work. */
export function splitTagQuery(query: string): TagQuery & { text: string } {
  if (!query.includes('#')) return { tags: [], typing: null, text: query };
  const tags: string[] = [];
  let typing: string | null = null;
  const text = query.replace(QUERY_TAG, (whole, lead: string, raw: string, offset: number) => {
    const tag = normalizeTag(raw);
    if (tag === null) return raw === '' ? lead : whole;
    if (offset + whole.length === query.length) typing = tag;
    else tags.push(tag);
    return lead;
  });
  return { tags, typing, text };
}

export function planQuery(query: string): QueryTerm[] {
  const words = splitWords(query).map(normalizeWord);
  const typing = words.length > 0 && /[\p{L}\p{N}]$/u.test(query);
  const terms: QueryTerm[] = [];
  words.forEach((term, i) => {
    const partial = typing && i === words.length - 1;
    if (partial) {
      // One letter narrows nothing yet: the words before it keep their results.
      if (term.length < 2) return;
      terms.push({
        term,
        prefix: true,
        fuzzy: fuzzyDistance(term.length - 1),
        prefixFields: prefixFieldsFor(term.length, terms.length === 0),
      });
      return;
    }
    if (indexTerm(term) === null) return;
    terms.push({ term, prefix: false, fuzzy: fuzzyDistance(term.length), prefixFields: [] });
  });
  // The same word twice adds nothing.
  return terms.filter((t, i) => terms.findIndex((u) => u.term === t.term && u.prefix === t.prefix) === i);
}

/** A piece of text, marked when it is one of the matched words. */
export interface TextSegment {
  text: string;
  match: boolean;
}

/** Splits `text` into runs of plain and matched words (`terms` in normalised form), for <mark>. */
export function highlightSegments(text: string, terms: ReadonlySet<string>): TextSegment[] {
  if (terms.size === 0 || text === '') return text === '' ? [] : [{ text, match: false }];
  const segments: TextSegment[] = [];
  let plainStart = 0;
  for (const found of text.matchAll(WORD)) {
    if (!terms.has(normalizeWord(found[0]))) continue;
    const start = found.index;
    if (start > plainStart) segments.push({ text: text.slice(plainStart, start), match: false });
    segments.push({ text: found[0], match: true });
    plainStart = start + found[0].length;
  }
  if (plainStart < text.length) segments.push({ text: text.slice(plainStart), match: false });
  return segments;
}

/** Whether any word of `text` is one of `terms`. */
export function containsTerm(text: string, terms: ReadonlySet<string>): boolean {
  for (const found of text.matchAll(WORD)) if (terms.has(normalizeWord(found[0]))) return true;
  return false;
}

/**
 * About `radius` characters either side of the first matched word of `text`, cut at spaces, with '…'
 * where text was left out; null when no word matches.
 */
export function snippetAround(text: string, terms: ReadonlySet<string>, radius = 80): string | null {
  for (const found of text.matchAll(WORD)) {
    if (!terms.has(normalizeWord(found[0]))) continue;
    let start = Math.max(0, found.index - radius);
    let end = Math.min(text.length, found.index + found[0].length + radius);
    if (start > 0) {
      const space = text.indexOf(' ', start);
      if (space !== -1 && space < found.index) start = space + 1;
    }
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > found.index + found[0].length) end = space;
    }
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
    return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
  }
  return null;
}
