// Keeps the objects of a re-read page when what they show did not change. A live query re-runs after
// every write to the user's notes (a sync marks 1,000 rows sent, then synced); handing the screens the
// same objects lets memoised cards skip re-rendering when a write changed only bookkeeping.
import type { NoteView } from './local-note';

/** Structural equality of JSON-like values (what a NoteView holds). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((key) => Object.hasOwn(rb, key) && sameValue(ra[key], rb[key]));
}

/**
 * `next` with each note replaced by the previous read's object for the same id when equal; the previous
 * list itself when every note and the rest of the page are equal.
 */
export function sharePage<P extends { notes: NoteView[] }>(previous: P | undefined, next: P): P {
  if (!previous) return next;
  const before = new Map(previous.notes.map((note) => [note.id, note]));
  let unchanged = previous.notes.length === next.notes.length;
  const notes = next.notes.map((note, i) => {
    const old = before.get(note.id);
    const kept = old && sameValue(old, note) ? old : note;
    if (kept !== previous.notes[i]) unchanged = false;
    return kept;
  });
  const { notes: _prevNotes, ...prevRest } = previous;
  const { notes: _nextNotes, ...nextRest } = next;
  if (unchanged && sameValue(prevRest, nextRest)) return previous;
  return { ...next, notes };
}
