// The search index saved between visits: the index as data and, for every note it was built from, the
// note's updated_at when read (tombstones included). On a reload the index is restored from it and only
// the notes whose updated_at differs now are read and indexed again, instead of every note (about 5 s of
// CPU for 10,000). Pure: the caller stores the text (data/notes keeps it with the user's bookkeeping).
import { NoteIndex, type NoteIndexData } from './note-index';

/**
 * Bump when what the index holds changes meaning (its fields, search-text.ts's normalisation, the flags):
 * a saved index of another version is dropped and rebuilt from the notes.
 */
export const INDEX_SNAPSHOT_VERSION = 1;

interface SavedIndex {
  version: number;
  /** Note id → updated_at the index holds it at. */
  known: [string, string][];
  index: NoteIndexData;
}

export function encodeIndex(index: NoteIndex, known: ReadonlyMap<string, string>): string {
  const saved: SavedIndex = { version: INDEX_SNAPSHOT_VERSION, known: [...known], index: index.toData() };
  return JSON.stringify(saved);
}

/** The index and its notes' versions, or null when the text is not a saved index of this version. */
export function decodeIndex(text: string): { index: NoteIndex; known: Map<string, string> } | null {
  try {
    const saved = JSON.parse(text) as Partial<SavedIndex> | null;
    if (!saved || saved.version !== INDEX_SNAPSHOT_VERSION || !Array.isArray(saved.known) || !saved.index) return null;
    return { index: new NoteIndex(saved.index), known: new Map(saved.known) };
  } catch {
    // Damaged or written by a MiniSearch of another serialisation version: rebuild instead.
    return null;
  }
}
