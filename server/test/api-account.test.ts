// DELETE /api/account: the current password is required; then the user, their sessions, refresh tokens,
// notes (hard-deleted, no tombstones) and stored AI key go in one transaction, and nothing of the
// account works any more. Other users are untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, startAiTestBed, type AiTestBed } from './ai-support';
import { signedInClient, TEST_PASSWORD } from '../../test/kit/test-server';

let bed: AiTestBed;

beforeAll(async () => {
  bed = await startAiTestBed({ serverKey: null });
});
afterAll(async () => bed?.close());

const remove = (token: string | null, body?: unknown) =>
  api(bed.server, '/account', token, { method: 'DELETE', ...(body !== undefined ? { body } : {}) });

async function addNotes(userId: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    title: `Note ${i}`,
    content: `Idea ${i}`,
    is_checklist: false,
  }));
  await bed.server.ctx.db.insertInto('notes').values(rows).execute();
}

const countWhere = async (table: 'notes' | 'sessions' | 'refresh_tokens' | 'private.user_ai_keys', userId: string) =>
  (await bed.server.ctx.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;

describe('DELETE /api/account', () => {
  it('requires the current password', async () => {
    const { token } = await signIn(bed.server);
    for (const body of [undefined, {}, { current_password: '' }, { current_password: 42 }]) {
      const response = await remove(token, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'invalid_request',
        message: expect.stringContaining('current_password'),
      });
    }
  });

  it('refuses a wrong password and keeps the account', async () => {
    const { token, email } = await signIn(bed.server);
    const response = await remove(token, { current_password: 'not the password' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'current_password_mismatch',
      message: 'Current password does not match.',
    });
    const { error } = await bed.server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
  });

  it('requires a signed-in user', async () => {
    expect((await remove(null, { current_password: TEST_PASSWORD })).status).toBe(401);
    expect((await remove(bed.server.anonKey, { current_password: TEST_PASSWORD })).status).toBe(401);
  });

  it('deletes the user, every session, token, note and the stored key, and nothing else', async () => {
    const doomed = await signedInClient(bed.server);
    const userId = doomed.user.id;
    const token = doomed.session.access_token;
    // A second session on another device.
    const other = await bed.server.client().auth.signInWithPassword({ email: doomed.email, password: TEST_PASSWORD });
    expect(other.error).toBeNull();
    const bystander = await signIn(bed.server);
    await addNotes(userId, 3);
    await addNotes(bystander.userId, 2);
    // One of the notes is already a tombstone: it must go too.
    await bed.server.ctx.db.deleteFrom('notes').where('user_id', '=', userId).where('title', '=', 'Note 0').execute();
    expect(
      (await api(bed.server, '/ai/key', token, { method: 'PUT', body: { apiKey: 'sk-or-v1-doomed-0000-DDDD' } }))
        .status,
    ).toBe(200);
    expect(await countWhere('notes', userId)).toBe(3);

    const response = await remove(token, { current_password: TEST_PASSWORD });
    expect(response.status).toBe(204);

    expect(await bed.server.ctx.db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    expect(await countWhere('notes', userId)).toBe(0);
    expect(await countWhere('sessions', userId)).toBe(0);
    expect(await countWhere('refresh_tokens', userId)).toBe(0);
    expect(await countWhere('private.user_ai_keys', userId)).toBe(0);
    expect(await countWhere('notes', bystander.userId)).toBe(2);

    // The account cannot sign in, and its tokens are dead everywhere.
    const signInAgain = await bed.server
      .client()
      .auth.signInWithPassword({ email: doomed.email, password: TEST_PASSWORD });
    expect(signInAgain.error?.code).toBe('invalid_credentials');
    for (const accessToken of [token, other.data.session!.access_token]) {
      expect((await api(bed.server, '/ai/status', accessToken)).status).toBe(401);
      expect((await remove(accessToken, { current_password: TEST_PASSWORD })).status).toBe(401);
      const user = await fetch(`${bed.server.url}/auth/v1/user`, {
        headers: { Authorization: `Bearer ${accessToken}`, apikey: bed.server.anonKey },
      });
      expect(user.status).toBe(403);
    }
    const refreshed = await bed.server
      .client()
      .auth.refreshSession({ refresh_token: other.data.session!.refresh_token });
    expect(refreshed.error).not.toBeNull();

    // The email is free again.
    const { error } = await bed.server.client().auth.signUp({ email: doomed.email, password: TEST_PASSWORD });
    expect(error).toBeNull();
  });
});
