// The account's copy of the AI preferences: read from the stored session for that user only, read fresh
// only from that user's server answer, and written to its user_metadata field.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiPreferences } from '#core/ai-preferences';
import { DEVICE_KEYS } from '../../lib/device-keys';
import { readAccountCopy, sessionCopy, writeAccountCopy, type PreferencesBackend } from './account-copy';

const coach: AiPreferences = {
  tone: 'motivational',
  conversationDepth: 'quick',
  promptingStyle: 'suggest',
  outputFormat: 'checklist',
  aiName: 'Coach',
};

const storeSession = (id: string, userMetadata: unknown) =>
  localStorage.setItem(
    DEVICE_KEYS.authSession(),
    JSON.stringify({
      access_token: 'a',
      refresh_token: 'r',
      expires_at: 9_999_999_999,
      user: { id, user_metadata: userMetadata },
    }),
  );

function backendWith(user: Awaited<ReturnType<PreferencesBackend['fetchServerUser']>>, online = true) {
  return {
    isOnline: () => online,
    fetchServerUser: vi.fn<PreferencesBackend['fetchServerUser']>(async () => user),
    updateMetadata: vi.fn<PreferencesBackend['updateMetadata']>(async () => ({})),
  } satisfies PreferencesBackend;
}

beforeEach(() => localStorage.clear());

describe('sessionCopy', () => {
  it("reads the stored session's copy for that user only", () => {
    storeSession('u1', { ai_preferences: coach });
    expect(sessionCopy('u1')).toEqual(coach);
    storeSession('someone-else', { ai_preferences: coach });
    expect(sessionCopy('u1')).toBeNull();
  });

  it('is null when the account has none', () => {
    storeSession('u1', { name: 'Ann' });
    expect(sessionCopy('u1')).toBeNull();
  });
});

describe('readAccountCopy', () => {
  it("reads the server's copy of that user; null when the account has none", async () => {
    expect(await readAccountCopy(backendWith({ id: 'u1', user_metadata: { ai_preferences: coach } }), 'u1')).toEqual(
      coach,
    );
    expect(await readAccountCopy(backendWith({ id: 'u1', user_metadata: {} }), 'u1')).toBeNull();
  });

  it('is undefined when the server could not be asked, did not answer, or answered for another user', async () => {
    const offline = backendWith({ id: 'u1', user_metadata: { ai_preferences: coach } }, false);
    expect(await readAccountCopy(offline, 'u1')).toBeUndefined();
    expect(offline.fetchServerUser).not.toHaveBeenCalled();
    expect(await readAccountCopy(backendWith(undefined), 'u1')).toBeUndefined();
    expect(
      await readAccountCopy(backendWith({ id: 'u2', user_metadata: { ai_preferences: coach } }), 'u1'),
    ).toBeUndefined();
  });
});

describe('writeAccountCopy', () => {
  it("patches the user_metadata field the server's prompts read", async () => {
    const backend = backendWith(undefined);
    await writeAccountCopy(backend, 'u1', coach);
    expect(backend.updateMetadata).toHaveBeenCalledWith({ ai_preferences: coach }, 'u1');
  });
});
