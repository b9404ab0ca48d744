// The notes read for search answers since the notes last changed, in the search worker: typing a word
// asks for mostly the same hits key after key, and each is then read from IndexedDB once. Any change to
// the notes empties it (the page signals every write), so an answer never shows a note older than that.

/** Above this many notes it starts again, so a long session does not keep the whole collection twice. */
const MAX_NOTES = 2_000;

export class NoteViewCache<T extends { id: string }> {
  private readonly notes = new Map<string, T>();
  /** Bumped by clear(): a read that began before it does not fill the cache with what it read. */
  private generation = 0;

  constructor(private readonly read: (ids: readonly string[]) => Promise<T[]>) {}

  /** The notes with these ids, in that order; missing ones (deleted, never there) left out. */
  async get(ids: readonly string[]): Promise<T[]> {
    const missing = ids.filter((id) => !this.notes.has(id));
    let read: Map<string, T> | null = null;
    if (missing.length > 0) {
      const generation = this.generation;
      const notes = await this.read(missing);
      read = new Map(notes.map((note) => [note.id, note]));
      if (generation === this.generation) {
        if (this.notes.size + notes.length > MAX_NOTES) this.notes.clear();
        for (const note of notes) this.notes.set(note.id, note);
      }
    }
    return ids.flatMap((id) => {
      const note = read?.get(id) ?? this.notes.get(id);
      return note ? [note] : [];
    });
  }

  clear(): void {
    this.generation += 1;
    this.notes.clear();
  }
}
