// Reading the history endpoints' answers (docs/api.md, "History"): the server's errors with their
// message, versions read leniently, a version's content read as the device reads stored notes.
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT } from '#core/note-fields';
import { readHistoryPage } from './get-history';
import { readVersionDetail } from './get-version';
import { historyError, historyPath, readVersion } from './history-request';

const VERSION = {
  id: '42',
  keptAt: '2026-03-10T11:55:00.000Z',
  writtenAt: '2026-03-10T11:50:00.000Z',
  reason: 'device',
  device: 'Chrome on Linux',
  title: 'Garden plan',
  bytes: 120,
};

describe('historyError', () => {
  it("keeps the server's message and code", async () => {
    const response = Response.json({ error: 'not_found', message: 'Note not found.' }, { status: 404 });
    const error = await historyError(response);
    expect(error).toMatchObject({
      name: 'HistoryApiError',
      message: 'Note not found.',
      status: 404,
      code: 'not_found',
    });
  });

  it('says what failed by its status when the body is not the JSON error shape', async () => {
    const error = await historyError(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error.message).toBe('History is not available right now (error 502). Please try again.');
    expect(error.code).toBeNull();
  });
});

describe('readVersion and readHistoryPage', () => {
  it('reads a version as the server sends it', () => {
    expect(readVersion(VERSION)).toEqual(VERSION);
  });

  it('reads unknown reasons and missing details leniently, and leaves out what has no id or time', () => {
    expect(readVersion({ id: '7', keptAt: VERSION.keptAt, reason: 'teleport', device: '' })).toEqual({
      id: '7',
      keptAt: VERSION.keptAt,
      writtenAt: VERSION.keptAt,
      reason: null,
      device: null,
      title: '',
      bytes: 0,
    });
    const page = readHistoryPage({ versions: [VERSION, { id: 3 }, null, { keptAt: VERSION.keptAt }], next: '41' });
    expect(page).toEqual({ versions: [VERSION], next: '41' });
    expect(readHistoryPage({ versions: [], next: null })).toEqual({ versions: [], next: null });
    expect(readHistoryPage('oops')).toEqual({ versions: [], next: null });
  });
});

describe('readVersionDetail', () => {
  it("reads the version's content as a note's, with stable ids for items stored without one", () => {
    const body = {
      version: VERSION,
      content: {
        title: 'Groceries',
        content: 'For the weekend',
        is_checklist: true,
        checklist_items: [
          { text: 'Milk', completed: true },
          { id: 'b', text: 'Bread', completed: false },
        ],
        trashed_at: null,
      },
    };
    const detail = readVersionDetail(body);
    expect(detail?.version).toEqual(VERSION);
    expect(detail?.content).toEqual({
      ...EMPTY_CONTENT,
      title: 'Groceries',
      content: 'For the weekend',
      is_checklist: true,
      checklist_items: [
        { id: '42-item-0', text: 'Milk', completed: true },
        { id: 'b', text: 'Bread', completed: false },
      ],
    });
    expect(readVersionDetail(body)).toEqual(detail);
    expect(readVersionDetail({ content: {} })).toBeNull();
  });
});

describe('historyPath', () => {
  it("is the note's history under /api", () => {
    expect(historyPath('0b8c6a4e-1111-4222-8333-444455556666')).toBe(
      '/api/notes/0b8c6a4e-1111-4222-8333-444455556666/history',
    );
    expect(historyPath('n', '/42/restore')).toBe('/api/notes/n/history/42/restore');
  });
});
