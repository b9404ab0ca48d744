// This device's copy of the AI preferences: one queued save per user under ai_preferences:<userId>, with
// its unsynced marker, read leniently; a copy without the marker is not a save.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import { DEVICE_KEYS } from '../../lib/device-keys';
import { clearPendingSave, localCopyUser, pendingSave, queueSave, readLocalCopy } from './local-copy';

const calm: AiPreferences = {
  tone: 'calm',
  conversationDepth: 'deep',
  promptingStyle: 'ask',
  outputFormat: 'paragraphs',
  aiName: 'Juniper',
};
const coach: AiPreferences = {
  tone: 'motivational',
  conversationDepth: 'quick',
  promptingStyle: 'suggest',
  outputFormat: 'checklist',
  aiName: 'Coach',
};

beforeEach(() => localStorage.clear());

describe('the copy (per user)', () => {
  it('is ai_preferences:<userId>, JSON of the preferences, kept apart per user', () => {
    queueSave('u1', calm);
    expect(DEVICE_KEYS.aiPreferences('u1')).toBe('ai_preferences:u1');
    expect(JSON.parse(localStorage.getItem('ai_preferences:u1')!)).toEqual(calm);
    expect(readLocalCopy('u1')).toEqual(calm);
    expect(readLocalCopy('u2')).toBeNull();
    expect(localCopyUser('ai_preferences:u1')).toBe('u1');
    expect(localCopyUser('ai_preferences_unsynced:u1')).toBeNull();
    expect(localCopyUser(null)).toBeNull();
  });

  it('reads stale or broken values leniently and ignores non-objects', () => {
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), JSON.stringify({ ...calm, tone: 'sarcastic' }));
    expect(readLocalCopy('u1')).toEqual({ ...calm, tone: DEFAULT_AI_PREFERENCES.tone });
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), '{not json');
    expect(readLocalCopy('u1')).toBeNull();
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), '"calm"');
    expect(readLocalCopy('u1')).toBeNull();
  });
});

describe('the queued save', () => {
  it('is a save waiting for the server, per user; a local copy without the marker is not one', () => {
    expect(pendingSave('u1')).toBeNull();
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), JSON.stringify(calm));
    expect(pendingSave('u1')).toBeNull();
    expect(queueSave('u1', coach)).toBe(true);
    expect(localStorage.getItem(DEVICE_KEYS.aiPreferencesUnsynced('u1'))).toBe('1');
    expect(pendingSave('u1')).toEqual(coach);
    expect(pendingSave('u2')).toBeNull();
    clearPendingSave('u1');
    expect(pendingSave('u1')).toBeNull();
    expect(localStorage.getItem(DEVICE_KEYS.aiPreferences('u1'))).toBeNull();
    expect(localStorage.getItem(DEVICE_KEYS.aiPreferencesUnsynced('u1'))).toBeNull();
  });

  it('says when this device could not store it', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(queueSave('u1', calm, full)).toBe(false);
  });
});
