// Loading and saving preferences: the account's copy (user_metadata) is the one source; a save made
// offline is queued on this device and applied once online; one user's writes run one after another. The backend (the online flag, the
// server's user and its metadata writes) is a stand-in; each test has its own QueryClient.
import type { QueryClient } from '@tanstack/react-query';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import { DEVICE_KEYS } from '../../lib/device-keys';
import { createQueryClient } from '../../lib/query-client';
import type { PreferencesBackend } from './account-copy';
import {
  aiPreferencesQuery,
  forgetAiPreferences,
  loadedAiPreferences,
  saveAiPreferences,
  watchAiPreferences,
} from './ai-preferences-sync';
import { pendingSave, queueSave } from './local-copy';

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
  it("shows the account's copy, and drops a local copy left from before (no reconciling)", async () => {
    // A copy without the unsynced marker: a leftover of the old two-copy scheme.
    localStorage.setItem(DEVICE_KEYS.aiPreferences('u1'), JSON.stringify(calm));
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { ai_preferences: coach } });
    await load();
    expect(loaded()).toEqual(coach);
    expect(localStorage.getItem(DEVICE_KEYS.aiPreferences('u1'))).toBeNull();
    expect(backend.updateMetadata).not.toHaveBeenCalled();
  });

  it('shows a save queued offline on top of the account, and sends it', async () => {
    queueSave('u1', calm);
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { ai_preferences: coach } });
    await load();
    expect(loaded()).toEqual(calm);
    await vi.waitFor(() => expect(pendingSave('u1')).toBeNull());
    expect(backend.updateMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
  });

  it("offline, uses the stored session's copy", async () => {
    online = false;
    localStorage.setItem(
      DEVICE_KEYS.authSession(),
      JSON.stringify({
        access_token: 'a',
        refresh_token: 'r',
        expires_at: 9_999_999_999,
        user: { id: 'u1', user_metadata: { ai_preferences: coach } },
      }),
    );
    await load();
    expect(loaded()).toEqual(coach);
    expect(backend.fetchServerUser).not.toHaveBeenCalled();
  });

  it('gives the defaults to a new user, once per page', async () => {
    await load();
    await load();
    expect(loaded()).toEqual(DEFAULT_AI_PREFERENCES);
    expect(backend.fetchServerUser).toHaveBeenCalledTimes(1);
  });
});

describe('saving', () => {
  it('writes to the account at once when online, keeping nothing on this device', async () => {
    await save({ ...calm, aiName: '  Juniper  ' });
    expect(backend.updateMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
    expect(pendingSave('u1')).toBeNull();
    expect(loaded()).toEqual(calm);
  });

  it('offline, queues the save, shows it, and applies it once online', async () => {
    const stop = watchAiPreferences(client, backend);
    online = false;
    await save(calm);
    expect(loaded()).toEqual(calm);
    expect(pendingSave('u1')).toEqual(calm);
    expect(backend.updateMetadata).not.toHaveBeenCalled();
    localStorage.setItem(
      DEVICE_KEYS.authSession(),
      JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 9_999_999_999, user: { id: 'u1' } }),
    );
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pendingSave('u1')).toBeNull());
    expect(backend.updateMetadata).toHaveBeenCalledWith({ ai_preferences: calm }, 'u1');
    stop();
  });

  it('queues the save when the server cannot be reached', async () => {
    backend.updateMetadata.mockRejectedValue(new AuthRetryableFetchError('Failed to fetch', 0));
    await expect(save(calm)).resolves.toEqual(calm);
    expect(pendingSave('u1')).toEqual(calm);
  });

  it('shows the previous preferences again and throws when the server refuses', async () => {
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { ai_preferences: coach } });
    await load();
    backend.updateMetadata.mockRejectedValue(
      new AuthApiError('User metadata must be at most 4096 bytes', 422, 'validation_failed'),
    );
    await expect(save(calm)).rejects.toThrow('4096');
    expect(loaded()).toEqual(coach);
    expect(pendingSave('u1')).toBeNull();
  });

  it('rejects invalid values without touching anything', async () => {
    await expect(save({ ...calm, tone: 'sarcastic' as AiPreferences['tone'] })).rejects.toThrow();
    expect(pendingSave('u1')).toBeNull();
    expect(backend.updateMetadata).not.toHaveBeenCalled();
  });

  it("writes one user's saves to the server one after another, the newest last", async () => {
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
    releases[0]!();
    await first;
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]!();
    await second;
    expect(written).toEqual(['Juniper', 'Coach']);
  });
});

describe('other events', () => {
  it("shows another tab's queued save here", async () => {
    const stop = watchAiPreferences(client, backend);
    await load();
    queueSave('u1', coach);
    window.dispatchEvent(new StorageEvent('storage', { key: DEVICE_KEYS.aiPreferences('u1') }));
    expect(loaded()).toEqual(coach);
    stop();
  });

  it("forgets the user's queued save on this device", async () => {
    online = false;
    await save(calm);
    forgetAiPreferences(client, 'u1');
    expect(pendingSave('u1')).toBeNull();
    expect(loaded()).toBeUndefined();
  });
});
