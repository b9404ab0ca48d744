// Loading and saving the Trash retention: the account's choice (user_metadata) is the one source; a save
// made offline is queued on this device and written once online; a refused save shows the previous
// choice again. The backend (online flag, the server's user, metadata writes) is a stand-in.
import type { QueryClient } from '@tanstack/react-query';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrashRetention } from '#core/trash';
import { DEVICE_KEYS } from '../../lib/device-keys';
import { createQueryClient } from '../../lib/query-client';
import type { RetentionBackend } from './account-copy';
import { pendingRetention, pendingRetentionKey, queueRetention } from './pending-save';
import { loadedTrashRetention, saveTrashRetention, trashRetentionQuery, watchTrashRetention } from './retention-sync';

let online = true;
let client: QueryClient;
const backend = {
  isOnline: () => online,
  fetchServerUser: vi.fn<RetentionBackend['fetchServerUser']>(),
  updateMetadata: vi.fn<RetentionBackend['updateMetadata']>(),
} satisfies RetentionBackend;

const load = () => client.fetchQuery(trashRetentionQuery('u1', backend));
const save = (next: TrashRetention) => saveTrashRetention(client, backend, 'u1', next);
const loaded = () => loadedTrashRetention(client, 'u1');
const storeSession = (userMetadata: unknown) =>
  localStorage.setItem(
    DEVICE_KEYS.authSession(),
    JSON.stringify({
      access_token: 'a',
      refresh_token: 'r',
      expires_at: 9_999_999_999,
      user: { id: 'u1', user_metadata: userMetadata },
    }),
  );

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
  it("reads the account's choice, and the default when it has none or a malformed one", async () => {
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { trash_retention_days: 'never' } });
    expect(await load()).toBe('never');
    client.clear();
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { trash_retention_days: 12 } });
    expect(await load()).toBe(30);
  });

  it("offline, uses the stored session's copy without asking the server", async () => {
    online = false;
    storeSession({ trash_retention_days: 7 });
    expect(await load()).toBe(7);
    expect(backend.fetchServerUser).not.toHaveBeenCalled();
  });

  it("ignores the server's answer for another user", async () => {
    storeSession({ trash_retention_days: 90 });
    backend.fetchServerUser.mockResolvedValue({ id: 'u2', user_metadata: { trash_retention_days: 7 } });
    expect(await load()).toBe(90);
  });

  it('shows a choice queued offline on top of the account, and sends it', async () => {
    queueRetention('u1', 90);
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { trash_retention_days: 7 } });
    expect(await load()).toBe(90);
    await vi.waitFor(() => expect(pendingRetention('u1')).toBeNull());
    expect(backend.updateMetadata).toHaveBeenCalledWith({ trash_retention_days: 90 }, 'u1');
  });
});

describe('saving', () => {
  it('writes the user_metadata member at once when online, keeping nothing on this device', async () => {
    expect(await save(7)).toBe('saved');
    expect(backend.updateMetadata).toHaveBeenCalledWith({ trash_retention_days: 7 }, 'u1');
    expect(pendingRetention('u1')).toBeNull();
    expect(loaded()).toBe(7);
  });

  it('offline, queues the choice, shows it, and writes it once online', async () => {
    const stop = watchTrashRetention(client, backend);
    online = false;
    expect(await save('never')).toBe('queued');
    expect(loaded()).toBe('never');
    expect(localStorage.getItem(pendingRetentionKey('u1'))).toBe('"never"');
    expect(backend.updateMetadata).not.toHaveBeenCalled();
    storeSession({});
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pendingRetention('u1')).toBeNull());
    expect(backend.updateMetadata).toHaveBeenCalledWith({ trash_retention_days: 'never' }, 'u1');
    stop();
  });

  it('queues the choice when the server cannot be reached', async () => {
    backend.updateMetadata.mockRejectedValue(new AuthRetryableFetchError('Failed to fetch', 0));
    expect(await save(90)).toBe('queued');
    expect(pendingRetention('u1')).toBe(90);
  });

  it('shows the previous choice again and throws when the server refuses', async () => {
    backend.fetchServerUser.mockResolvedValue({ id: 'u1', user_metadata: { trash_retention_days: 90 } });
    await load();
    backend.updateMetadata.mockRejectedValue(
      new AuthApiError('User metadata must be at most 4096 bytes', 422, 'validation_failed'),
    );
    await expect(save(7)).rejects.toThrow('4096');
    expect(loaded()).toBe(90);
    expect(pendingRetention('u1')).toBeNull();
  });

  it('refuses a value that is not a choice without touching anything', async () => {
    await expect(save(14 as TrashRetention)).rejects.toThrow(TypeError);
    expect(backend.updateMetadata).not.toHaveBeenCalled();
    expect(loaded()).toBeUndefined();
  });
});

describe('other tabs', () => {
  it("shows another tab's queued choice here", async () => {
    const stop = watchTrashRetention(client, backend);
    await load();
    queueRetention('u1', 7);
    window.dispatchEvent(new StorageEvent('storage', { key: pendingRetentionKey('u1') }));
    expect(loaded()).toBe(7);
    stop();
  });
});
