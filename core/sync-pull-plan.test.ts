import { describe, expect, it } from 'vitest';
import type { NoteRow } from './note';
import { EMPTY_CONTENT } from './note-fields';
import { localEdit } from './sync-local-writes';
import {
  applyPulledPages,
  applyPulledRows,
  landedSpan,
  missedPurge,
  planPull,
  pullWindows,
  readThrough,
  removedByFullResync,
} from './sync-pull-plan';
import { fromServer, LocalChangeSet, type LocalNote } from './sync-rules';

const USER = '00000000-0000-4000-8000-000000000001';
const OTHER_USER = '00000000-0000-4000-8000-000000000002';
const NOTE = '00000000-0000-4000-8000-0000000000aa';
const T0 = '2024-05-01T10:00:00.000Z';
const T1 = '2024-05-01T11:00:00.000Z';

function serverRow(patch: Partial<NoteRow> = {}): NoteRow {
  return {
    id: NOTE,
    user_id: USER,
    ...EMPTY_CONTENT,
    title: 'Server title',
    content: 'server',
    created_at: T0,
    updated_at: T0,
    revision: 10,
    deleted_at: null,
    last_mutation_id: 'm-other',
    ...patch,
  };
}

const synced = (patch: Partial<NoteRow> = {}): LocalNote => fromServer(serverRow(patch));
const pulledBefore = { lastPulledRevision: 5, lastPullAt: T0 };

describe('what a pull reads', () => {
  it("[S26] an upsert's rows span their lowest to highest revision", () => {
    expect(landedSpan([{ revision: 12 }, { revision: 10 }, { revision: 15 }])).toEqual({ from: 10, to: 15 });
    expect(landedSpan([])).toBeNull();
  });

  it("[S26] the pull reads around the spans this run's pushes landed, then past the last one", () => {
    expect(pullWindows(5, [])).toEqual([{ after: 5, before: null }]);
    // Right above what was pulled: nothing to read below the span.
    expect(pullWindows(5, [{ from: 6, to: 9 }])).toEqual([{ after: 9, before: null }]);
    // Another device wrote 6 and 7 before the push: read them, skip the push's own rows.
    expect(pullWindows(5, [{ from: 8, to: 9 }])).toEqual([
      { after: 5, before: 8 },
      { after: 9, before: null },
    ]);
    expect(
      pullWindows(5, [
        { from: 20, to: 30 },
        { from: 10, to: 12 },
      ]),
    ).toEqual([
      { after: 5, before: 10 },
      { after: 12, before: 20 },
      { after: 30, before: null },
    ]);
    // Spans already pulled past change nothing; one straddling the last pull moves past its end.
    expect(pullWindows(40, [{ from: 10, to: 12 }])).toEqual([{ after: 40, before: null }]);
    expect(pullWindows(11, [{ from: 10, to: 12 }])).toEqual([{ after: 12, before: null }]);
  });

  it('[S12] a first pull reads every live row from revision 0, and takes no push answer as landed', () => {
    const held = { sent: [{}, {}], stored: [{ revision: 8 }, { revision: 9 }] };
    expect(planPull({ lastPulledRevision: 0, lastPullAt: null }, [{ from: 3, to: 4 }], held, false)).toEqual({
      full: true,
      after: 0,
      windows: [{ after: 0, before: null }],
      heldSpan: null,
    });
  });

  it("[S10] [S12] a read below the server's purge horizon may lack a deletion: the pull is planned again as a full resync", () => {
    expect(missedPurge(40, 0)).toBe(false);
    expect(missedPurge(40, 40)).toBe(false);
    expect(missedPurge(40, 41)).toBe(true);
    expect(planPull(pulledBefore, [], null, true)).toEqual({
      full: true,
      after: 5,
      windows: [{ after: 0, before: null }],
      heldSpan: null,
    });
  });

  it('[S12] how long ago the device last pulled, by its own clock, never decides: a pull of years ago is incremental', () => {
    expect(planPull({ lastPulledRevision: 5, lastPullAt: '2001-01-01T00:00:00.000Z' }, [], null, false)).toMatchObject({
      full: false,
    });
  });

  it("[S25] [S26] an incremental pull skips this run's landed spans and the held answer's", () => {
    const held = { sent: [{}, {}], stored: [{ revision: 12 }, { revision: 11 }] };
    expect(planPull(pulledBefore, [{ from: 7, to: 8 }], held, false)).toEqual({
      full: false,
      after: 5,
      windows: [
        { after: 5, before: 7 },
        { after: 8, before: 11 },
        { after: 12, before: null },
      ],
      heldSpan: { from: 11, to: 12 },
    });
  });

  it('[S28] a held answer that lacks a row sent is not taken as landed: its rows are read', () => {
    const held = { sent: [{}, {}], stored: [{ revision: 12 }] };
    expect(planPull(pulledBefore, [], held, false)).toMatchObject({
      windows: [{ after: 5, before: null }],
      heldSpan: null,
    });
  });
});

describe('what the pulled rows do', () => {
  it('[S11] a page brings the pull to its highest revision, never below where it started', () => {
    expect(readThrough(5, [])).toBe(5);
    expect(readThrough(5, [{ revision: 9 }, { revision: 7 }])).toBe(9);
    expect(readThrough(12, [{ revision: 9 }])).toBe(12);
  });

  it("[S11] [S17] pulled rows of the user apply in order; another user's are skipped", () => {
    const changes = new LocalChangeSet(new Map([[NOTE, synced()]]));
    const rows = [
      serverRow({ revision: 11, title: 'first' }),
      serverRow({ revision: 12, title: 'second' }),
      serverRow({ id: 'theirs', user_id: OTHER_USER, revision: 13 }),
    ];
    expect(applyPulledRows(changes, USER, rows)).toBe(2);
    expect(changes.result()).toEqual({
      put: [expect.objectContaining({ id: NOTE, title: 'second', revision: 12 })],
      delete: [],
    });
  });

  it("[S11] [S26] the first pages of the windows apply in window order; the pull reads through the last window's start at least", () => {
    const plan = planPull(pulledBefore, [{ from: 8, to: 20 }], null, false);
    const changes = new LocalChangeSet(new Map());
    const pages = [[serverRow({ id: 'a', revision: 6 })], []];
    expect(applyPulledPages(changes, USER, plan, pages)).toEqual({ pulled: 1, through: 20 });
    expect(changes.result().put.map((note) => note.id)).toEqual(['a']);
    expect(
      applyPulledPages(new LocalChangeSet(new Map()), USER, plan, [[], [serverRow({ id: 'b', revision: 25 })]]),
    ).toEqual({ pulled: 1, through: 25 });
  });

  it('[S12] a full resync removes synced notes the server lacks, never pending ones', () => {
    const keep = synced();
    const gone = { ...synced(), id: 'gone' };
    const pending = { ...localEdit(synced(), { content: 'x' }, 'm1', T1), id: 'pending' };
    expect(removedByFullResync([keep, gone, pending], new Set([NOTE]))).toEqual(['gone']);
  });
});
