// Loading and saving preferences: local key first, then user_metadata; offline saves pushed later, one
// user's writes one after another, another tab's save shown here. The backend (the online flag, the
// server's user and its metadata writes) is a stand-in; each test has its own QueryClient.
import type { QueryClient } from '@tanstack/react-query';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import { DEVICE_KEYS, isUnsynced, readLocalPreferences, setUnsynced, writeLocalPreferences } from '../../lib/device-storage';
import { createQueryClient } from '../../lib/query-client';
import {
  aiPreferencesQuery,
  forgetAiPreferences,
  loadedAiPreferences,
  saveAiPreferences,
  watchAiPreferences,
  type PreferencesBackend,
} from './ai-preferences-sync';

const calm: AiPreferences = { tone: 'calm', conversationDepth: 'deep', promptingStyle: 'ask', outputFormat: 'paragraphs', aiName: 'Juniper' };
const coach: AiPreferences = { tone: 'motivational', conversationDepth: 'quick', promptingStyle: 'suggest', outputFormat: 'checklist', aiName: 'Coach' };

let online = true;
let client: QueryClient;
const backend = {
  isOnline: () => online,
  fetchServerUser: vi.fn<PreferencesBackend['fetchServerUser']>(),
  updateMetadata: vi.fn<PreferencesBackend['updateMetadata']>(),
} satisfies PreferencesBackend;

const load = () => client.fetchQuery(aiPreferencesQuery('u1', backend));
const save = (next: AiPreferences) => saveAiPreferences(client, backend, 'u1', next);
const loaded = () => loadedAiPreferences(client, 'u1');

beforeEach(() => {
  localStorage.clear();
  client = createQueryClient();
  online = true;
  backend.updateMetadata.mockReset().mockResolvedValue({});
  backend.fetchServerUser.mockReset().mockResolvedValue({ id: 'u1', user_metadata: {} });
});
afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
});

describe('loading', () => {
  it("takes the server's copy (another device's save) and refreshes the local key", async () => {
    writeLocalPreferences('u1', calm);
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { ai_preferences: coach } });
    await load();
    expect(loaded()).toEqual(coach);
    expect(readLocalPreferences('u1')).toEqual(coach);
    expect(backend.updateMetadata).not.toHaveBeenCalled();
  });

  it('pushes a local save that never reached the server, and keeps it', async () => {
    writeLocalPreferences('u1', calm);
    setUnsynced('u1', true);
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { ai_preferences: coach } });
    await load();
    expect(loaded()).toEqual(calm);
    await vi.waitFor(() => expect(isUnsynced('u1')).toBe(false));
    expect(backend.updateMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
  });

  it('offline, uses this device and pushes nothing it cannot compare', async () => {
    online = false;
    writeLocalPreferences('u1', calm);
    await load();
    expect(loaded()).toEqual(calm);
    expect(backend.fetchServerUser).not.toHaveBeenCalled();
    expect(backend.updateMetadata).not.toHaveBeenCalled();
  });

  it('gives the defaults to a new user, once per page', async () => {
    await load();
    await load();
    expect(loaded()).toEqual(DEFAULT_AI_PREFERENCES);
    expect(backend.fetchServerUser).toHaveBeenCalledTimes(1);
  });
});

describe('saving', () => {
  it('writes the local key, then the server copy', async () => {
    await save({ ...calm, aiName: '  Juniper  ' });
    expect(readLocalPreferences('u1')).toEqual(calm);
    expect(backend.updateMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
    expect(isUnsynced('u1')).toBe(false);
    expect(loaded()).toEqual(calm);
  });

  it('offline, saves locally only and pushes once back online', async () => {
    const stop = watchAiPreferences(client, backend);
    online = false;
    await save(calm);
    expect(readLocalPreferences('u1')).toEqual(calm);
    expect(isUnsynced('u1')).toBe(true);
    expect(backend.updateMetadata).not.toHaveBeenCalled();

    localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 9_999_999_999, user: { id: 'u1' } }));
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(isUnsynced('u1')).toBe(false));
    expect(backend.updateMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
    stop();
  });

  it('keeps the save locally when the server cannot be reached', async () => {
    backend.updateMetadata.mockRejectedValue(new AuthRetryableFetchError('Failed to fetch', 0));
    await expect(save(calm)).resolves.toEqual(calm);
    expect(readLocalPreferences('u1')).toEqual(calm);
    expect(isUnsynced('u1')).toBe(true);
  });

  it('restores the previous preferences and throws when the server refuses', async () => {
    writeLocalPreferences('u1', coach);
    await load();
    backend.updateMetadata.mockRejectedValue(new AuthApiError('User metadata must be at most 4096 bytes', 422, 'validation_failed'));
    await expect(save(calm)).rejects.toThrow('4096');
    expect(readLocalPreferences('u1')).toEqual(coach);
    expect(loaded()).toEqual(coach);
    expect(isUnsynced('u1')).toBe(false);
  });

  it('rejects invalid values without touching anything', async () => {
    await expect(save({ ...calm, tone: 'sarcastic' as AiPreferences['tone'] })).rejects.toThrow();
    expect(readLocalPreferences('u1')).toBeNull();
    expect(backend.updateMetadata).not.toHaveBeenCalled();
  });

  it("shows a save at once and writes one user's saves to the server one after another", async () => {
    const releases: (() => void)[] = [];
    const written: string[] = [];
    backend.updateMetadata.mockImplementation(
      (patch) =>
        new Promise((resolve) => {
          releases.push(() => {
            written.push((patch.ai_preferences as AiPreferences).aiName);
            resolve({});
          });
        }),
    );
    const first = save(calm);
    const second = save(coach);
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    expect(loaded()).toEqual(coach);
    expect(readLocalPreferences('u1')).toEqual(coach);
    releases[0]!();
    await first;
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]!();
    await second;
    expect(written).toEqual(['Juniper', 'Coach']);
    expect(isUnsynced('u1')).toBe(false);
  });
});

describe('other events', () => {
  it("shows another tab's save here", async () => {
    const stop = watchAiPreferences(client, backend);
    await load();
    writeLocalPreferences('u1', coach);
    window.dispatchEvent(new StorageEvent('storage', { key: DEVICE_KEYS.aiPreferences('u1') }));
    expect(loaded()).toEqual(coach);
    stop();
  });

  it("forgets the user's copy on this device", async () => {
    await save(calm);
    forgetAiPreferences(client, 'u1');
    expect(readLocalPreferences('u1')).toBeNull();
    expect(loaded()).toBeUndefined();
  });
});
