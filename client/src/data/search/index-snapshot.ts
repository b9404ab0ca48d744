// The search index saved between visits: the index as data and, for every note it was built from, the
// note's updated_at when read (tombstones included). On a reload the index is restored from it and only
// the notes whose updated_at differs now are read and indexed again, instead of every note (seconds of CPU
// for a large account). Flat arrays, not JSON, wherever MiniSearch allows (minisearch-data.ts): IndexedDB
// stores and returns them without parsing, and the index loads from them without a parse (docs/decisions.md, 'The search index is saved and
// restored, not rebuilt'). Pure:
// the search worker stores the value (data/notes keeps it with the user's bookkeeping).
import { NoteIndex, type NoteIndexData } from './note-index';

/**
 * Bump when what the index holds changes meaning (its fields, search-text.ts's normalisation, the flags)
 * or how it is saved: a saved index of another version is dropped and rebuilt from the notes.
 * 1: JSON text (MiniSearch's toJSON); 2: flat arrays; 3: with the counts of `check`.
 */
export const INDEX_SNAPSHOT_VERSION = 5;

export interface SavedIndex {
  version: number;
  /** Note ids and the updated_at the index holds each at, at the same positions. */
  knownIds: string[];
  knownAt: string[];
  /** What the notes looked like then, in counts a reload compares at once (data/notes' readNotesSummary). */
  check: SavedCheck;
  index: NoteIndexData;
}

export interface SavedCheck {
  /** How many notes (tombstones included). */
  count: number;
  /** The latest updated_at among them. */
  newest: string;
  /** The server revision pulled when their versions were read. */
  pulledRevision: number;
}

/** The index and its notes' versions as one value to store. */
export function encodeIndex(index: NoteIndex, known: ReadonlyMap<string, string>, pulledRevision: number): SavedIndex {
  const data = index.toData();
  let newest = '';
  for (const at of known.values()) if (at > newest) newest = at;
  return {
    version: INDEX_SNAPSHOT_VERSION,
    knownIds: [...known.keys()],
    knownAt: [...known.values()],
    check: { count: known.size, newest, pulledRevision },
    index: data,
  };
}

function isSavedIndex(value: unknown): value is SavedIndex {
  if (typeof value !== 'object' || value === null) return false;
  const saved = value as Partial<SavedIndex>;
  const check = saved.check;
  return (
    saved.version === INDEX_SNAPSHOT_VERSION &&
    typeof check?.count === 'number' &&
    typeof check.newest === 'string' &&
    typeof check.pulledRevision === 'number' &&
    Array.isArray(saved.knownIds) &&
    Array.isArray(saved.knownAt) &&
    saved.knownIds.length === saved.knownAt.length &&
    typeof saved.index === 'object' &&
    saved.index !== null
  );
}

/** The index, its notes' versions and their counts, or null when the value is not a saved index of this version. */
export function decodeIndex(
  value: unknown,
): { index: NoteIndex; known: Map<string, string>; check: SavedCheck } | null {
  if (!isSavedIndex(value)) return null;
  try {
    const index = NoteIndex.fromData(value.index);
    if (!index) return null;
    const known = new Map<string, string>();
    for (let at = 0; at < value.knownIds.length; at++) known.set(value.knownIds[at]!, value.knownAt[at]!);
    return { index, known, check: value.check };
  } catch {
    // Damaged (a field of the wrong type): rebuild instead.
    return null;
  }
}
