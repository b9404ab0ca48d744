import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalNote } from '#core/sync-rules';
import { openSproutDb, type SproutDb } from './local-db';
import { note } from './testing/local-store-contract';
import { useChecklistNotes, useNote, useNotes, usePendingCount, useRecentIdeas } from './use-notes';

const U1 = '00000000-0000-4000-8000-000000000001';
let counter = 0;
const opened: SproutDb[] = [];

function freshDb(name = `sprout-hooks-${++counter}`): SproutDb {
  const db = openSproutDb({ name, onVersionChange: () => undefined });
  opened.push(db);
  return db;
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const at = (iso: string, patch: Partial<LocalNote> = {}) => note(U1, { updated_at: iso, ...patch });

describe('notes hooks', () => {
  it('[S18] useNotes: live notes newest first, tombstones hidden, each with its sync state', async () => {
    const db = freshDb();
    const old = at('2024-01-01T00:00:00.000Z', { sync_state: 'synced' });
    const recent = at('2024-03-01T00:00:00.000Z');
    const gone = at('2024-04-01T00:00:00.000Z', { deleted_at: '2024-04-01T00:00:00.000Z' });
    const other = note('00000000-0000-4000-8000-000000000002');
    await db.notes.bulkPut([old, recent, gone, other]);
    const { result } = renderHook(() => useNotes(U1, db));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.map((n) => n.id)).toEqual([recent.id, old.id]));
    expect(result.current?.map((n) => n.sync_state)).toEqual(['pending', 'synced']);
    expect(result.current?.[0]?.version).toEqual({ mutationId: recent.mutation_id, baseRevision: null });
  });

  it('[S16] a write made through another connection (another tab) shows up', async () => {
    const name = `sprout-hooks-${++counter}`;
    const db = freshDb(name);
    const otherTab = freshDb(name);
    const { result } = renderHook(() => useNotes(U1, db));
    await waitFor(() => expect(result.current).toEqual([]));
    const a = note(U1);
    await act(async () => {
      await otherTab.notes.put(a);
    });
    await waitFor(() => expect(result.current?.map((n) => n.id)).toEqual([a.id]));
  });

  it('useNote, useChecklistNotes, useRecentIdeas and usePendingCount', async () => {
    const db = freshDb();
    const list = at('2024-02-01T00:00:00.000Z', { is_checklist: true, sync_state: 'synced' });
    const idea = at('2024-03-01T00:00:00.000Z', { expanded_content: 'Goal...', sync_state: 'error', sync_error: 'bad' });
    await db.notes.bulkPut([list, idea]);
    const one = renderHook(() => useNote(U1, idea.id, db));
    const missing = renderHook(() => useNote(U1, 'nope', db));
    const lists = renderHook(() => useChecklistNotes(U1, db));
    const recent = renderHook(() => useRecentIdeas(U1, db));
    const pending = renderHook(() => usePendingCount(U1, db));
    const noUser = renderHook(() => useNotes(null, db));
    await waitFor(() => expect(one.result.current).toMatchObject({ id: idea.id, sync_state: 'error', sync_error: 'bad' }));
    await waitFor(() => expect(missing.result.current).toBeNull());
    await waitFor(() => expect(lists.result.current?.map((n) => n.id)).toEqual([list.id]));
    await waitFor(() => expect(recent.result.current?.map((n) => n.id)).toEqual([idea.id]));
    await waitFor(() => expect(pending.result.current).toBe(1));
    await waitFor(() => expect(noUser.result.current).toEqual([]));
  });
});
