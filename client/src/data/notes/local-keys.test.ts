import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearNotesActivity,
  forgetNoteActivity,
  notesActivityKey,
  readNotesActivity,
  readUserData,
  recordNoteActivity,
  userDataKey,
  writeUserData,
} from './local-keys';

beforeEach(() => localStorage.clear());

describe('notes_activity (per user, ARCHITECTURE 9.12)', () => {
  it('records a timestamp per action type and the last action', () => {
    recordNoteActivity('u1', 'n1', 'view', new Date('2024-05-01T10:00:00.000Z'));
    const activity = recordNoteActivity('u1', 'n1', 'edit', new Date('2024-05-01T11:00:00.000Z'));
    expect(activity).toEqual({
      n1: {
        view: '2024-05-01T10:00:00.000Z',
        edit: '2024-05-01T11:00:00.000Z',
        lastAction: { type: 'edit', timestamp: '2024-05-01T11:00:00.000Z' },
      },
    });
    expect(JSON.parse(localStorage.getItem('notes_activity:u1')!)).toEqual(activity);
    expect(notesActivityKey('u1')).toBe('notes_activity:u1');
  });

  it('keeps users apart', () => {
    recordNoteActivity('u1', 'n1', 'view');
    expect(readNotesActivity('u2')).toEqual({});
  });

  it('reads malformed storage leniently', () => {
    localStorage.setItem('notes_activity:u1', JSON.stringify({ n1: { view: 5, open: 'x', lastAction: 'bad' }, n2: 'bad' }));
    expect(readNotesActivity('u1')).toEqual({ n1: { open: 'x' } });
    localStorage.setItem('notes_activity:u1', '{not json');
    expect(readNotesActivity('u1')).toEqual({});
  });

  it('forgets one note or the whole user', () => {
    recordNoteActivity('u1', 'n1', 'view');
    recordNoteActivity('u1', 'n2', 'view');
    forgetNoteActivity('u1', 'n1');
    expect(Object.keys(readNotesActivity('u1'))).toEqual(['n2']);
    clearNotesActivity('u1');
    expect(localStorage.getItem('notes_activity:u1')).toBeNull();
  });
});

describe('user_data (per user)', () => {
  it('stores profile info under user_data:<id>', () => {
    writeUserData('u1', { name: 'Ada', bio: 'math' });
    expect(userDataKey('u1')).toBe('user_data:u1');
    expect(readUserData('u1')).toEqual({ name: 'Ada', bio: 'math' });
    expect(readUserData('u2')).toBeNull();
    localStorage.setItem('user_data:u2', JSON.stringify({ name: 5 }));
    expect(readUserData('u2')).toBeNull();
  });
});
