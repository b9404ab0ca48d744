// Loading and saving preferences: local key first, then user_metadata; offline saves pushed later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import type * as SupabaseModule from '../../lib/supabase';
import { DEVICE_KEYS } from '../../lib/device-storage';
import type * as UserMetadataModule from './user-metadata';
import { isUnsynced, readLocalPreferences, setUnsynced, writeLocalPreferences } from './ai-preferences-storage';
import { forgetAiPreferences, getLoadedAiPreferences, loadAiPreferences, resetAiPreferencesStore, saveAiPreferences } from './ai-preferences-store';

const mocks = vi.hoisted(() => ({
  updateUserMetadata: vi.fn<(patch: Record<string, unknown>, userId?: string) => Promise<unknown>>(),
  getUser: vi.fn<() => Promise<{ data: { user: unknown }; error: unknown }>>(),
}));

vi.mock('./user-metadata', async (importOriginal) => ({
  ...(await importOriginal<typeof UserMetadataModule>()),
  updateUserMetadata: mocks.updateUserMetadata,
}));

vi.mock('../../lib/supabase', async (importOriginal) => ({
  ...(await importOriginal<typeof SupabaseModule>()),
  getSupabase: () => Promise.resolve({ auth: { getUser: mocks.getUser } }),
}));

const calm: AiPreferences = { tone: 'calm', conversationDepth: 'deep', promptingStyle: 'ask', outputFormat: 'paragraphs', aiName: 'Juniper' };
const coach: AiPreferences = { tone: 'motivational', conversationDepth: 'quick', promptingStyle: 'suggest', outputFormat: 'checklist', aiName: 'Coach' };

let onLine = true;
beforeEach(() => {
  localStorage.clear();
  resetAiPreferencesStore();
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  mocks.updateUserMetadata.mockReset().mockResolvedValue({});
  mocks.getUser.mockReset().mockResolvedValue({ data: { user: { id: 'u1', user_metadata: {} } }, error: null });
});
afterEach(() => vi.restoreAllMocks());

describe('loadAiPreferences', () => {
  it("takes the server's copy (another device's save) and refreshes the local key", async () => {
    writeLocalPreferences('u1', calm);
    mocks.getUser.mockResolvedValue({ data: { user: { id: 'u1', user_metadata: { ai_preferences: coach } } }, error: null });
    await loadAiPreferences('u1');
    expect(getLoadedAiPreferences('u1')).toEqual(coach);
    expect(readLocalPreferences('u1')).toEqual(coach);
    expect(mocks.updateUserMetadata).not.toHaveBeenCalled();
  });

  it('pushes a local save that never reached the server, and keeps it', async () => {
    writeLocalPreferences('u1', calm);
    setUnsynced('u1', true);
    mocks.getUser.mockResolvedValue({ data: { user: { id: 'u1', user_metadata: { ai_preferences: coach } } }, error: null });
    await loadAiPreferences('u1');
    expect(getLoadedAiPreferences('u1')).toEqual(calm);
    await vi.waitFor(() => expect(isUnsynced('u1')).toBe(false));
    expect(mocks.updateUserMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
  });

  it('offline, uses this device and pushes nothing it cannot compare', async () => {
    onLine = false;
    writeLocalPreferences('u1', calm);
    await loadAiPreferences('u1');
    expect(getLoadedAiPreferences('u1')).toEqual(calm);
    expect(mocks.getUser).not.toHaveBeenCalled();
    expect(mocks.updateUserMetadata).not.toHaveBeenCalled();
  });

  it('gives the defaults to a new user', async () => {
    await loadAiPreferences('u1');
    expect(getLoadedAiPreferences('u1')).toEqual(DEFAULT_AI_PREFERENCES);
  });
});

describe('saveAiPreferences', () => {
  it('writes the local key, then the server copy', async () => {
    await saveAiPreferences('u1', { ...calm, aiName: '  Juniper  ' });
    expect(readLocalPreferences('u1')).toEqual(calm);
    expect(mocks.updateUserMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
    expect(isUnsynced('u1')).toBe(false);
    expect(getLoadedAiPreferences('u1')).toEqual(calm);
  });

  it('offline, saves locally only and pushes once back online', async () => {
    onLine = false;
    await saveAiPreferences('u1', calm);
    expect(readLocalPreferences('u1')).toEqual(calm);
    expect(isUnsynced('u1')).toBe(true);
    expect(mocks.updateUserMetadata).not.toHaveBeenCalled();

    localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 9_999_999_999, user: { id: 'u1' } }));
    onLine = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(isUnsynced('u1')).toBe(false));
    expect(mocks.updateUserMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
  });

  it('keeps the save locally when the server cannot be reached', async () => {
    mocks.updateUserMetadata.mockRejectedValue(new AuthRetryableFetchError('Failed to fetch', 0));
    await expect(saveAiPreferences('u1', calm)).resolves.toEqual(calm);
    expect(readLocalPreferences('u1')).toEqual(calm);
    expect(isUnsynced('u1')).toBe(true);
  });

  it('restores the previous preferences and throws when the server refuses', async () => {
    writeLocalPreferences('u1', coach);
    await loadAiPreferences('u1');
    mocks.updateUserMetadata.mockRejectedValue(new AuthApiError('User metadata must be at most 4096 bytes', 422, 'validation_failed'));
    await expect(saveAiPreferences('u1', calm)).rejects.toThrow('4096');
    expect(readLocalPreferences('u1')).toEqual(coach);
    expect(getLoadedAiPreferences('u1')).toEqual(coach);
    expect(isUnsynced('u1')).toBe(false);
  });

  it('rejects invalid values without touching anything', async () => {
    await expect(saveAiPreferences('u1', { ...calm, tone: 'sarcastic' as AiPreferences['tone'] })).rejects.toThrow();
    expect(readLocalPreferences('u1')).toBeNull();
    expect(mocks.updateUserMetadata).not.toHaveBeenCalled();
  });
});

describe('forgetAiPreferences', () => {
  it("removes the user's copy from this device", async () => {
    await saveAiPreferences('u1', calm);
    forgetAiPreferences('u1');
    expect(readLocalPreferences('u1')).toBeNull();
    expect(getLoadedAiPreferences('u1')).toBeUndefined();
  });
});
