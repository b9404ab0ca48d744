import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT } from '#core/note-fields';
import type { NoteView } from './local-note';
import { sameValue, sharePage } from './shared-views';

function view(id: string, patch: Partial<NoteView> = {}): NoteView {
  return {
    id,
    user_id: 'u',
    ...EMPTY_CONTENT,
    title: `T ${id}`,
    content: 'c',
    is_checklist: true,
    checklist_items: [{ id: 'i1', text: 'x', completed: false }],
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-01T10:00:00.000Z',
    sync_state: 'pending',
    sync_error: null,
    conflict_of: null,
    version: { mutationId: 'm1', baseRevision: null },
    ...patch,
  };
}

describe('sharePage', () => {
  it('keeps the previous page when a re-read shows the same notes', () => {
    const previous = { notes: [view('a'), view('b')], hasMore: false };
    expect(sharePage(previous, { notes: [view('a'), view('b')], hasMore: false })).toBe(previous);
  });

  it('keeps the unchanged notes and takes the changed ones', () => {
    const previous = { notes: [view('a'), view('b')], hasMore: true };
    const next = sharePage(previous, { notes: [view('a', { sync_state: 'synced' }), view('b')], hasMore: true });
    expect(next).not.toBe(previous);
    expect(next.notes[0]).toMatchObject({ id: 'a', sync_state: 'synced' });
    expect(next.notes[1]).toBe(previous.notes[1]);
  });

  it('a change deep inside a note, in the order, or beside the notes is a change', () => {
    const previous = { notes: [view('a'), view('b')], hasMore: false };
    const items = sharePage(previous, {
      notes: [view('a', { checklist_items: [{ id: 'i1', text: 'x', completed: true }] }), view('b')],
      hasMore: false,
    });
    expect(items.notes[0]).not.toBe(previous.notes[0]);
    const reordered = sharePage(previous, { notes: [view('b'), view('a')], hasMore: false });
    expect(reordered).not.toBe(previous);
    expect(reordered.notes).toEqual([previous.notes[1], previous.notes[0]]);
    expect(sharePage(previous, { notes: [view('a'), view('b')], hasMore: true })).not.toBe(previous);
  });

  it('compares JSON-like values structurally', () => {
    expect(sameValue({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});
