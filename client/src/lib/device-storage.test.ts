// The app's localStorage keys: their names (index.html and supabase-js rely on some), the per-user
// keys of ARCHITECTURE 9.12 and their lenient readers.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import {
  aiPreferencesKeyUser,
  clearLocalPreferences,
  clearNotesActivity,
  DEVICE_KEYS,
  forgetNoteActivity,
  isUnsynced,
  readLocalPreferences,
  readNotesActivity,
  readUserData,
  recordNoteActivity,
  setUnsynced,
  writeLocalPreferences,
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

  it("names the session key sb-<first label of the host>-auth-token, as supabase-js does", () => {
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

const calm: AiPreferences = { tone: 'calm', conversationDepth: 'deep', promptingStyle: 'ask', outputFormat: 'paragraphs', aiName: 'Juniper' };

describe('ai_preferences (per user)', () => {
  it('is ai_preferences:<userId>, JSON of the preferences, kept apart per user', () => {
    writeLocalPreferences('u1', calm);
    expect(DEVICE_KEYS.aiPreferences('u1')).toBe('ai_preferences:u1');
    expect(JSON.parse(localStorage.getItem('ai_preferences:u1')!)).toEqual(calm);
    expect(readLocalPreferences('u1')).toEqual(calm);
    expect(readLocalPreferences('u2')).toBeNull();
    expect(aiPreferencesKeyUser('ai_preferences:u1')).toBe('u1');
    expect(aiPreferencesKeyUser('ai_preferences_unsynced:u1')).toBeNull();
    expect(aiPreferencesKeyUser(null)).toBeNull();
  });

  it('reads stale or broken values leniently and ignores non-objects', () => {
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), JSON.stringify({ ...calm, tone: 'sarcastic' }));
    expect(readLocalPreferences('u1')).toEqual({ ...calm, tone: DEFAULT_AI_PREFERENCES.tone });
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), '{not json');
    expect(readLocalPreferences('u1')).toBeNull();
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), '"calm"');
    expect(readLocalPreferences('u1')).toBeNull();
  });

  it('keeps an unsynced marker beside the key, and clears both', () => {
    writeLocalPreferences('u1', calm);
    setUnsynced('u1', true);
    expect(isUnsynced('u1')).toBe(true);
    expect(isUnsynced('u2')).toBe(false);
    clearLocalPreferences('u1');
    expect(readLocalPreferences('u1')).toBeNull();
    expect(isUnsynced('u1')).toBe(false);
  });
});
