// The one local key per user and the rule choosing between it and the user_metadata copy.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import { DEVICE_KEYS } from '../../lib/device-storage';
import {
  preferencesFromMetadata,
  readAiPreferences,
  reconcilePreferences,
  setUnsynced,
  writeLocalPreferences,
} from './ai-preferences-storage';

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

describe('reconcilePreferences', () => {
  it('prefers the server copy and refreshes a different local copy', () => {
    expect(reconcilePreferences({ local: calm, unsynced: false, server: coach })).toEqual({ preferences: coach, writeLocal: true, push: false });
    expect(reconcilePreferences({ local: coach, unsynced: false, server: coach })).toEqual({ preferences: coach, writeLocal: false, push: false });
    expect(reconcilePreferences({ local: null, unsynced: false, server: coach })).toEqual({ preferences: coach, writeLocal: true, push: false });
  });

  it('keeps a local save that has not reached the server yet, and pushes it', () => {
    expect(reconcilePreferences({ local: calm, unsynced: true, server: coach })).toEqual({ preferences: calm, writeLocal: false, push: true });
  });

  it('uploads a local copy the server lacks, and falls back to the defaults without either', () => {
    expect(reconcilePreferences({ local: calm, unsynced: false, server: null })).toEqual({ preferences: calm, writeLocal: false, push: true });
    expect(reconcilePreferences({ local: null, unsynced: true, server: null })).toEqual({
      preferences: { ...DEFAULT_AI_PREFERENCES },
      writeLocal: false,
      push: false,
    });
  });
});

describe('readAiPreferences', () => {
  const storeSession = (userId: string, metadata: Record<string, unknown>) =>
    localStorage.setItem(
      DEVICE_KEYS.authSession(),
      JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 9_999_999_999, user: { id: userId, user_metadata: metadata } }),
    );

  it('gives the defaults for a new user', () => {
    expect(readAiPreferences('u1')).toEqual(DEFAULT_AI_PREFERENCES);
  });

  it("uses the stored session's copy for that user only", () => {
    writeLocalPreferences('u1', calm);
    storeSession('u1', { ai_preferences: coach });
    expect(readAiPreferences('u1')).toEqual(coach);
    storeSession('someone-else', { ai_preferences: coach });
    expect(readAiPreferences('u1')).toEqual(calm);
  });

  it('keeps an unsynced local save over the session copy', () => {
    writeLocalPreferences('u1', calm);
    setUnsynced('u1', true);
    storeSession('u1', { ai_preferences: coach });
    expect(readAiPreferences('u1')).toEqual(calm);
  });
});
