import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT } from '#core/note-fields';
import type { LocalNote } from '#core/sync-rules';
import { importLinkHref, linkedNoteIds } from '#core/note-links';
import { derivedId, planImport, type ImportedNote } from './notes-import';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const NOTE_ID = '33333333-3333-4333-8333-333333333333';

function imported(patch: Partial<ImportedNote> = {}): ImportedNote {
  return {
    source: 'notes.json, note 1',
    sourceId: NOTE_ID,
    sourceUserId: ME,
    ...EMPTY_CONTENT,
    title: 'Trip to Rome',
    content: 'Flights and a hotel',
    is_checklist: true,
    checklist_items: [{ id: 'i1', text: 'Book flights', completed: true }],
    chat_history: [{ role: 'user', content: 'Plan it' }],
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-02-03T04:05:06.000Z',
    ...patch,
  };
}

let n = 0;
const context = { userId: ME, now: '2026-11-23T10:00:00.000Z', mutationId: () => `m${++n}` };
const asMap = (notes: LocalNote[]) => new Map(notes.map((note) => [note.id, note]));

describe('planImport', () => {
  it('creates a note of this user under its own id with its times and content, pending', () => {
    const { put, lines } = planImport([imported()], new Map(), context);
    expect(lines).toEqual([{ source: 'notes.json, note 1', title: 'Trip to Rome', status: 'created', id: NOTE_ID }]);
    expect(put[0]).toMatchObject({
      id: NOTE_ID,
      user_id: ME,
      title: 'Trip to Rome',
      checklist_items: [{ id: 'i1', text: 'Book flights', completed: true }],
      chat_history: [{ role: 'user', content: 'Plan it' }],
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-02-03T04:05:06.000Z',
      sync_state: 'pending',
      base_revision: null,
      conflict_of: null,
    });
  });

  it('imports the same file twice without creating anything the second time', () => {
    const first = planImport(
      [imported(), imported({ sourceUserId: OTHER, sourceId: null, source: 'a.md' })],
      new Map(),
      context,
    );
    const second = planImport(
      [imported(), imported({ sourceUserId: OTHER, sourceId: null, source: 'a.md' })],
      asMap(first.put),
      context,
    );
    expect(second.put).toEqual([]);
    expect(second.lines.map((line) => line.status)).toEqual(['unchanged', 'unchanged']);
  });

  it('keeps another version of a note that is here as a conflict copy, once', () => {
    const here = planImport([imported()], new Map(), context).put;
    const changed = imported({ content: 'Trains instead' });
    const first = planImport([changed], asMap(here), context);
    expect(first.lines[0]).toMatchObject({ status: 'conflict-copy', title: 'Trip to Rome (conflict copy)' });
    expect(first.put[0]).toMatchObject({ conflict_of: NOTE_ID, content: 'Trains instead', sync_state: 'pending' });
    expect(first.put[0]!.id).not.toBe(NOTE_ID);
    const again = planImport([changed], asMap([...here, ...first.put]), context);
    expect(again.put).toEqual([]);
    expect(again.lines[0]!.status).toBe('unchanged');
  });

  it("gives another user's note a new id, the same on every import and different for each user", () => {
    const foreign = imported({ sourceUserId: OTHER });
    const mine = planImport([foreign], new Map(), context).put[0]!;
    expect(mine.id).not.toBe(NOTE_ID);
    expect(planImport([foreign], new Map(), context).put[0]!.id).toBe(mine.id);
    expect(planImport([foreign], new Map(), { ...context, userId: OTHER.replace('2', '4') }).put[0]!.id).not.toBe(
      mine.id,
    );
    expect(mine.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('skips a note without a title or over the limits and says why', () => {
    const { put, lines } = planImport(
      [imported({ title: '  ' }), imported({ title: 'x'.repeat(501), sourceId: null })],
      new Map(),
      context,
    );
    expect(put).toEqual([]);
    expect(lines.map((line) => [line.status, line.reason])).toEqual([
      ['invalid', 'it has no title'],
      ['invalid', expect.stringMatching(/^title: /)],
    ]);
  });

  it('matches checklist items without ids (a Markdown file) to the same items here', () => {
    const here = planImport([imported()], new Map(), context).put;
    const fromMarkdown = imported({
      sourceUserId: null,
      checklist_items: [{ id: 'item-1', text: 'Book flights', completed: true }],
    });
    expect(planImport([fromMarkdown], asMap(here), context).lines[0]!.status).toBe('unchanged');
  });
});

describe('links between the notes of one import (a vault)', () => {
  const vault = (): ImportedNote[] => [
    imported({
      source: 'v.zip/Launch.md',
      sourceId: null,
      sourceUserId: null,
      title: 'Launch',
      content: `See [Budget](${importLinkHref('v.zip/Budget.md')}).`,
    }),
    imported({
      source: 'v.zip/Budget.md',
      sourceId: null,
      sourceUserId: null,
      title: 'Budget',
      content: `From [launch](${importLinkHref('v.zip/Launch.md')}).`,
    }),
  ];

  it('point at the ids the import gives their targets, and planned again, find every note unchanged', () => {
    const first = planImport(vault(), new Map(), context);
    const [launch, budget] = first.put;
    expect(linkedNoteIds(launch!.content)).toEqual([budget!.id]);
    expect(linkedNoteIds(budget!.content)).toEqual([launch!.id]);
    expect(first.put.map((note) => note.content).join()).not.toContain('import:');
    const again = planImport(vault(), asMap(first.put), context);
    expect(again.put).toEqual([]);
    expect(again.lines.map((line) => line.status)).toEqual(['unchanged', 'unchanged']);
  });
});

describe('derivedId', () => {
  it('is a stable UUID of its text', () => {
    expect(derivedId('a')).toBe(derivedId('a'));
    expect(derivedId('a')).not.toBe(derivedId('b'));
  });

  it('gives the ids it always gave: a file imported again finds its notes by them', () => {
    expect(derivedId('a')).toBe('e40c292c-8703-43da-a232-b668ffb5c9fa');
    expect(derivedId('u\nconflict\nid\n["Tïtle 🌱","x"]')).toBe('a8d531b8-d0eb-4ff6-af95-620c0ab14d16');
    expect(derivedId('')).toBe('811c9dc5-0100-4193-9e37-79b985ebca6b');
  });
});
