import { describe, expect, it } from 'vitest';
import { NoteViewCache } from './note-view-cache';

type Note = { id: string; title: string };

function store(...notes: Note[]) {
  const rows = new Map(notes.map((n) => [n.id, n]));
  const reads: string[][] = [];
  const read = (ids: readonly string[]) => {
    reads.push([...ids]);
    return Promise.resolve(ids.flatMap((id) => (rows.has(id) ? [{ ...rows.get(id)! }] : [])));
  };
  return { rows, reads, read };
}

describe('NoteViewCache', () => {
  it('reads each note once until the notes change, and keeps the order asked', async () => {
    const s = store({ id: 'a', title: 'A' }, { id: 'b', title: 'B' });
    const cache = new NoteViewCache(s.read);
    expect((await cache.get(['b', 'a', 'gone'])).map((n) => n.id)).toEqual(['b', 'a']);
    expect((await cache.get(['a', 'b'])).map((n) => n.id)).toEqual(['a', 'b']);
    expect(s.reads).toEqual([['b', 'a', 'gone']]);
    s.rows.set('a', { id: 'a', title: 'A, edited' });
    cache.clear();
    expect((await cache.get(['a']))[0]?.title).toBe('A, edited');
  });

  it('keeps nothing a read began before a change brought back', async () => {
    const s = store({ id: 'a', title: 'A' });
    let release = () => undefined as void;
    const slow = (ids: readonly string[]) =>
      new Promise<Note[]>((resolve) => (release = () => void s.read(ids).then(resolve)));
    const cache = new NoteViewCache(slow);
    const pending = cache.get(['a']);
    cache.clear();
    release();
    expect((await pending)[0]?.title).toBe('A');
    s.rows.set('a', { id: 'a', title: 'A, edited' });
    const next = cache.get(['a']);
    release();
    expect((await next)[0]?.title).toBe('A, edited');
  });
});
