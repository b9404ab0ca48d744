// The account's copy inside user_metadata, and this device's outbox of one queued save per user.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AiPreferences } from '#core/ai-preferences';
import { DEVICE_KEYS, writeLocalPreferences } from '../../lib/device-storage';
import { clearPendingSave, pendingSave, preferencesFromMetadata, queueSave, sessionPreferences } from './ai-preferences-storage';

const calm: AiPreferences = { tone: 'calm', conversationDepth: 'deep', promptingStyle: 'ask', outputFormat: 'paragraphs', aiName: 'Juniper' };
const coach: AiPreferences = { tone: 'motivational', conversationDepth: 'quick', promptingStyle: 'suggest', outputFormat: 'checklist', aiName: 'Coach' };

beforeEach(() => localStorage.clear());

describe('preferencesFromMetadata', () => {
  it('reads user_metadata.ai_preferences, or null without one', () => {
    expect(preferencesFromMetadata({ name: 'Ann', ai_preferences: calm })).toEqual(calm);
    expect(preferencesFromMetadata({ name: 'Ann' })).toBeNull();
    expect(preferencesFromMetadata({ ai_preferences: 'calm' })).toBeNull();
    expect(preferencesFromMetadata(null)).toBeNull();
  });
});

describe('the queued save', () => {
  it('is a save waiting for the server, per user; a local copy without the marker is not one', () => {
    expect(pendingSave('u1')).toBeNull();
    writeLocalPreferences('u1', calm);
    expect(pendingSave('u1')).toBeNull();
    expect(queueSave('u1', coach)).toBe(true);
    expect(pendingSave('u1')).toEqual(coach);
    expect(pendingSave('u2')).toBeNull();
    clearPendingSave('u1');
    expect(pendingSave('u1')).toBeNull();
    expect(localStorage.getItem(DEVICE_KEYS.aiPreferences('u1'))).toBeNull();
  });

  it("reads the stored session's copy for that user only", () => {
    const store = (id: string) =>
      localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 9_999_999_999, user: { id, user_metadata: { ai_preferences: coach } } }));
    store('u1');
    expect(sessionPreferences('u1')).toEqual(coach);
    store('someone-else');
    expect(sessionPreferences('u1')).toBeNull();
  });
});
