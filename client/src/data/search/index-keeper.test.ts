import { describe, expect, it } from 'vitest';
import type { SavedIndex } from './index-snapshot';
import { IndexKeeper, type NotesSource } from './index-keeper';
import type { IndexedNote } from './note-index';

function note(id: string, title: string, at = '2026-01-01T00:00:00.000Z'): IndexedNote {
  return {
    id,
    title,
    content: '',
    expanded_content: null,
    checklist_items: null,
    is_checklist: false,
    conflict_of: null,
    tags: null,
    sync_state: 'synced',
    archived_at: null,
    updated_at: at,
  };
}

/** Notes (and tombstones' versions) and a saved index in memory; records which ids each read asked for. */
class MemorySource implements NotesSource {
  readonly notes = new Map<string, IndexedNote>();
  readonly tombstones = new Map<string, string>();
  unsynced = new Set<string>();
  pulledRevision = 0;
  saved: unknown = null;
  reads: string[][] = [];
  versionReads = 0;
  writes = 0;

  put(...notes: IndexedNote[]): void {
    for (const n of notes) this.notes.set(n.id, n);
  }

  readSaved = () => Promise.resolve(this.saved);
  writeSaved = (saved: SavedIndex) => {
    this.writes += 1;
    this.saved = structuredClone(saved);
    return Promise.resolve();
  };
  private updatedAt(): Map<string, string> {
    const updatedAt = new Map([...this.notes.values()].map((n): [string, string] => [n.id, n.updated_at]));
    for (const [id, at] of this.tombstones) updatedAt.set(id, at);
    return updatedAt;
  }

  readVersions = () => {
    this.versionReads += 1;
    return Promise.resolve({
      updatedAt: this.updatedAt(),
      unsynced: new Set(this.unsynced),
      pulledRevision: this.pulledRevision,
    });
  };
  readSummary = (after: string) => {
    const times = [...this.updatedAt().values()];
    return Promise.resolve({
      count: times.length,
      newer: times.filter((at) => at > after).length,
      unsynced: new Set(this.unsynced),
      pulledRevision: this.pulledRevision,
    });
  };
  readNotes = (ids: readonly string[]) => {
    this.reads.push([...ids]);
    return Promise.resolve(ids.flatMap((id) => (this.notes.has(id) ? [this.notes.get(id)!] : [])));
  };
}

function keeperOn(source: NotesSource, options = { saveDelayMs: 0, readPage: 2 }) {
  const events: string[] = [];
  const keeper = new IndexKeeper(
    source,
    {
      restored: () => events.push('restored'),
      progress: (i, t) => events.push(`progress ${i}/${t}`),
      applied: (t) => events.push(`applied ${t}`),
    },
    options,
  );
  return { keeper, events };
}

async function settledKeeper(source: MemorySource) {
  const made = keeperOn(source);
  await made.keeper.settled();
  return made;
}

const ids = async (keeper: IndexKeeper, query: string, filter: 'all' | 'unsynced' = 'all') =>
  (await keeper.query(query, filter, 60)).answer.hits.map((h) => h.id);
const saveTimer = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('IndexKeeper', () => {
  it('reads every note the first time, a page at a time, saying how far it is, without waiting for the page', async () => {
    const source = new MemorySource();
    source.put(note('a', 'Binoculars'), note('b', 'Bread'), note('c', 'Birdwatching with binoculars'));
    const { keeper, events } = await settledKeeper(source);
    expect(events).toEqual(['progress 0/3', 'progress 2/3', 'progress 3/3', 'applied 3']);
    expect(source.reads.map((r) => r.length)).toEqual([2, 1]);
    expect(await ids(keeper, 'binoculars')).toEqual(['a', 'c']);
  });

  it('after a reload, restores the saved index and reads only the notes changed since', async () => {
    const source = new MemorySource();
    source.put(note('a', 'Binoculars'), note('b', 'Bread'), note('c', 'Cabinets'));
    const first = (await settledKeeper(source)).keeper;
    await saveTimer();
    expect(source.writes).toBe(1);
    first.stop();

    // Meanwhile: one note edited, one deleted (its tombstone still has a version), one removed for good.
    source.put(note('b', 'Sourdough bread', '2026-02-01T00:00:00.000Z'));
    source.notes.delete('c');
    source.tombstones.set('c', '2026-02-02T00:00:00.000Z');
    source.notes.delete('a');
    source.reads = [];
    const { keeper, events } = await settledKeeper(source);
    expect(source.reads).toEqual([['b', 'c']]);
    expect(events).toEqual(['restored', 'progress 0/2', 'progress 2/2', 'applied 2']);
    expect(await ids(keeper, 'sourdough')).toEqual(['b']);
    expect(await ids(keeper, 'binoculars')).toEqual([]);
    expect(await ids(keeper, 'cabinets')).toEqual([]);

    // The tombstone's version is remembered: the next change reads only what changed.
    source.reads = [];
    source.put(note('d', 'Dinner'));
    keeper.onChanged();
    await keeper.settled();
    expect(source.reads).toEqual([['d']]);
    expect(events.at(-1)).toBe('applied 3');
  });

  it('after a reload with nothing changed, is complete from the saved counts at once, then compares every note', async () => {
    const source = new MemorySource();
    source.put(note('a', 'Binoculars'), note('b', 'Bread', '2026-01-02T00:00:00.000Z'));
    source.unsynced = new Set(['b']);
    source.pulledRevision = 7;
    const first = (await settledKeeper(source)).keeper;
    await saveTimer();
    first.stop();

    source.reads = [];
    source.versionReads = 0;
    const readsAtApplied: number[] = [];
    const keeper = new IndexKeeper(
      source,
      { restored: () => undefined, progress: () => undefined, applied: () => readsAtApplied.push(source.versionReads) },
      { saveDelayMs: 0, readPage: 2 },
    );
    await keeper.settled();
    expect(readsAtApplied).toEqual([0]);
    expect(source.versionReads).toBe(1);
    expect(source.reads).toEqual([]);
    expect(await ids(keeper, '', 'unsynced')).toEqual(['b']);
  });

  it('after a reload, trusts no saved count once a note was added, edited or pulled since', async () => {
    for (const change of [
      (s: MemorySource) => s.put(note('c', 'Cabinets', '2025-12-01T00:00:00.000Z')),
      (s: MemorySource) => s.put(note('a', 'Binoculars, edited', '2026-03-01T00:00:00.000Z')),
      (s: MemorySource) => {
        s.put(note('a', 'Binoculars, from another device', '2025-12-01T00:00:00.000Z'));
        s.pulledRevision += 1;
      },
    ]) {
      const source = new MemorySource();
      source.put(note('a', 'Binoculars'), note('b', 'Bread'));
      const first = (await settledKeeper(source)).keeper;
      await saveTimer();
      first.stop();
      change(source);
      source.versionReads = 0;
      const readsAtApplied: number[] = [];
      const keeper = new IndexKeeper(
        source,
        {
          restored: () => undefined,
          progress: () => undefined,
          applied: () => readsAtApplied.push(source.versionReads),
        },
        { saveDelayMs: 0, readPage: 2 },
      );
      await keeper.settled();
      expect(readsAtApplied).toEqual([1]);
    }
  });

  it('says nothing after a pass that found nothing new', async () => {
    const source = new MemorySource();
    source.put(note('a', 'Binoculars'));
    const { keeper, events } = await settledKeeper(source);
    keeper.onChanged();
    await keeper.settled();
    expect(source.versionReads).toBe(2);
    expect(events).toEqual(['progress 0/1', 'progress 1/1', 'applied 1']);
  });

  it('answers a query only once the saved index is back', async () => {
    const source = new MemorySource();
    source.put(note('a', 'Binoculars'));
    const first = (await settledKeeper(source)).keeper;
    await saveTimer();
    first.stop();
    expect(source.saved).not.toBeNull();
    let release = () => undefined as void;
    const saved = source.saved;
    source.readSaved = () => new Promise((resolve) => (release = () => resolve(saved)));
    const { keeper } = keeperOn(source);
    const answer = ids(keeper, 'binoculars');
    release();
    expect(await answer).toEqual(['a']);
  });

  it('rebuilds from the notes when the saved index is damaged', async () => {
    const source = new MemorySource();
    source.put(note('a', 'Binoculars'));
    source.saved = {
      version: 3,
      knownIds: ['a'],
      knownAt: ['2026-01-01T00:00:00.000Z'],
      check: { count: 1, newest: '2026-01-01T00:00:00.000Z', pulledRevision: 0 },
      index: { search: {}, flags: {} },
    };
    const { keeper } = await settledKeeper(source);
    expect(source.reads).toEqual([['a']]);
    expect(await ids(keeper, 'binoculars')).toEqual(['a']);
  });

  it('collapses a burst of changes into one more pass, and saves once after it', async () => {
    const source = new MemorySource();
    const { keeper } = keeperOn(source);
    for (let i = 0; i < 5; i++) {
      source.put(note(`n${i}`, `Trip ${i}`));
      keeper.onChanged();
    }
    await keeper.settled();
    expect(source.versionReads).toBe(2);
    expect(source.reads.flat().sort()).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect((await keeper.query('trip', 'all', 60)).answer.total).toBe(5);
    await saveTimer();
    expect(source.writes).toBe(1);
  });

  it('follows which notes wait to sync, for the filter', async () => {
    const source = new MemorySource();
    source.put(note('a', 'Binoculars'), note('b', 'Bread'));
    source.unsynced = new Set(['b']);
    const { keeper, events } = await settledKeeper(source);
    expect(await ids(keeper, '', 'unsynced')).toEqual(['b']);
    // Synced meanwhile: no text changed, but the filter's answer did.
    source.unsynced = new Set();
    keeper.onChanged();
    await keeper.settled();
    expect(await ids(keeper, '', 'unsynced')).toEqual([]);
    expect(events.filter((e) => e.startsWith('applied'))).toHaveLength(2);
  });
});
