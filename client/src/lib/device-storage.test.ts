// The app's localStorage keys: their names (index.html and supabase-js rely on some), the per-user
// keys of ARCHITECTURE 9.12 and their lenient readers (the AI preferences' own are in their room,
// data/ai-preferences/local-copy.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearNotesActivity,
  DEVICE_KEYS,
  forgetNoteActivity,
  readNotesActivity,
  readUserData,
  recordNoteActivity,
  writeUserData,
} from './device-storage';

beforeEach(() => localStorage.clear());

describe('key names', () => {
  it('keeps the names index.html and older versions use', () => {
    expect(DEVICE_KEYS.theme).toBe('theme');
    expect(DEVICE_KEYS.fontSize).toBe('sprout.fontSize');
    expect(DEVICE_KEYS.editorSettings).toBe('sprout.editorSettings');
    expect(DEVICE_KEYS.anonKey).toBe('sprout.anonKey');
  });

  it('names the session key sb-<first label of the host>-auth-token, as supabase-js does', () => {
    expect(DEVICE_KEYS.authSession('http://127.0.0.1:4310')).toBe('sb-127-auth-token');
    expect(DEVICE_KEYS.authSession('https://notes.example.com')).toBe('sb-notes-auth-token');
    expect(DEVICE_KEYS.authSession('http://localhost:3000')).toBe('sb-localhost-auth-token');
  });
});

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
    expect(DEVICE_KEYS.notesActivity('u1')).toBe('notes_activity:u1');
  });

  it('keeps users apart', () => {
    recordNoteActivity('u1', 'n1', 'view');
    expect(readNotesActivity('u2')).toEqual({});
  });

  it('reads malformed storage leniently', () => {
    localStorage.setItem(
      'notes_activity:u1',
      JSON.stringify({ n1: { view: 5, open: 'x', lastAction: 'bad' }, n2: 'bad' }),
    );
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
    expect(DEVICE_KEYS.userData('u1')).toBe('user_data:u1');
    expect(readUserData('u1')).toEqual({ name: 'Ada', bio: 'math' });
    expect(readUserData('u2')).toBeNull();
    localStorage.setItem('user_data:u2', JSON.stringify({ name: 5 }));
    expect(readUserData('u2')).toBeNull();
    localStorage.setItem('user_data:u2', JSON.stringify(['Bo']));
    expect(readUserData('u2')).toBeNull();
  });

  it('keeps fields it does not know as they are', () => {
    localStorage.setItem('user_data:u3', JSON.stringify({ name: 'Bo', theme: { accent: 'green' } }));
    expect(readUserData('u3')).toEqual({ name: 'Bo', theme: { accent: 'green' } });
  });
});
