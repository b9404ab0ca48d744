// The GoTrue-compatible auth service, driven by the real supabase-js client wherever it can make the call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedInClient,
  startTestServer,
  TEST_PASSWORD,
  uniqueEmail,
  type TestServer,
} from '../../test/kit/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('sign-up', () => {
  it('creates a confirmed account and signs the user in', async () => {
    const client = server.client();
    const email = uniqueEmail();
    const { data, error } = await client.auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: { data: { name: 'Ada Lovelace' } },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toEqual({ name: 'Ada Lovelace' });
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token.length).toBeGreaterThanOrEqual(22);
    expect(data.session?.expires_in).toBe(3600);
    const { data: userData } = await client.auth.getUser();
    expect(userData.user?.id).toBe(data.user?.id);
  });

  it('refuses a registered email, whatever its case', async () => {
    const email = uniqueEmail();
    await signedInClient(server, email);
    const { error } = await server.client().auth.signUp({ email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
  });

  it('answers a weak password with the reasons', async () => {
    const { error } = await server.client().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 6 characters.');
    expect((error as { reasons?: string[] }).reasons).toEqual(['length']);
  });

  it('refuses a malformed email', async () => {
    const { error } = await server.client().auth.signUp({ email: 'not-an-email', password: TEST_PASSWORD });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const { email, user } = await signedInClient(server);
    const { data, error } = await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.token_type).toBe('bearer');
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { email } = await signedInClient(server);
    const wrong = await server.client().auth.signInWithPassword({ email, password: 'wrong password' });
    const unknown = await server.client().auth.signInWithPassword({ email: uniqueEmail(), password: TEST_PASSWORD });
    for (const { error } of [wrong, unknown]) {
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('puts the GoTrue claims in the access token', async () => {
    const { session, user, email } = await signedInClient(server);
    const payload = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ sub: user.id, aud: 'authenticated', role: 'authenticated', email, iss: 'sprout' });
    expect(typeof payload.session_id).toBe('string');
    expect(payload.user_metadata).toEqual({});
    expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const { client, session } = await signedInClient(server);
    const { data, error } = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.access_token).toBeTruthy();
    const next = await server.client().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(next.error).toBeNull();
  });

  it('returns the same new token to a reuse within the interval (tabs refreshing together)', async () => {
    const { session } = await signedInClient(server);
    const [a, b] = await Promise.all([
      server.client().auth.refreshSession({ refresh_token: session.refresh_token }),
      server.client().auth.refreshSession({ refresh_token: session.refresh_token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session?.refresh_token).toBe(b.data.session?.refresh_token);
  });

  it('revokes the whole session when a used token comes back after the interval', async () => {
    const { session } = await signedInClient(server);
    const first = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    // Age the used token past the 10 s reuse interval.
    await server.ctx.db
      .updateTable('refresh_tokens')
      .set({ updated_at: new Date(Date.now() - 11_000) })
      .where('revoked', '=', true)
      .execute();
    const reuse = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    // The token the legitimate holder got is now dead too, and so is their access token.
    const after = await server.client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(after.error?.code).toBe('refresh_token_not_found');
    const res = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${first.data.session!.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await server.client().auth.refreshSession({ refresh_token: 'x'.repeat(43) });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });
});

describe('logout', () => {
  async function threeSessions() {
    const { email } = await signedInClient(server);
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      const client = server.client();
      const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
      if (error) throw error;
      sessions.push({ client, session: data.session! });
    }
    return sessions;
  }
  const isLive = async (accessToken: string) =>
    (
      await fetch(`${server.url}/auth/v1/user`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${accessToken}` },
      })
    ).status === 200;

  it('scope local ends only this session', async () => {
    const [a, b, c] = await threeSessions();
    expect((await a!.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await isLive(a!.session.access_token)).toBe(false);
    expect(await isLive(b!.session.access_token)).toBe(true);
    expect(await isLive(c!.session.access_token)).toBe(true);
  });

  it('scope others ends every session but this one', async () => {
    const [a, b, c] = await threeSessions();
    expect((await a!.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await isLive(a!.session.access_token)).toBe(true);
    expect(await isLive(b!.session.access_token)).toBe(false);
    expect(await isLive(c!.session.access_token)).toBe(false);
  });

  it('scope global ends every session, refresh tokens included', async () => {
    const [a, b, c] = await threeSessions();
    expect((await a!.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    for (const s of [a!, b!, c!]) expect(await isLive(s.session.access_token)).toBe(false);
    const { error } = await server.client().auth.refreshSession({ refresh_token: b!.session.refresh_token });
    expect(error?.code).toBe('refresh_token_not_found');
  });
});

describe('user', () => {
  it('updates user_metadata by merging, with null removing a key', async () => {
    const { client } = await signedInClient(server);
    await client.auth.updateUser({ data: { name: 'Grace', bio: 'Admiral', location: 'Arlington' } });
    const { data, error } = await client.auth.updateUser({ data: { bio: 'Computer scientist', location: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ name: 'Grace', bio: 'Computer scientist' });
    const fresh = await client.auth.getUser();
    expect(fresh.data.user?.user_metadata).toEqual({ name: 'Grace', bio: 'Computer scientist' });
  });

  it('refuses metadata over 4 KB', async () => {
    const { client } = await signedInClient(server);
    const { error } = await client.auth.updateUser({ data: { bio: 'x'.repeat(5000) } });
    expect(error?.status).toBe(400);
    expect(error?.message).toMatch(/4096 bytes/);
  });

  it('changes the password only with the current one, and the new one then signs in', async () => {
    const { client, email } = await signedInClient(server);
    const missing = await client.auth.updateUser({ password: 'a new password' });
    expect(missing.error?.code).toBe('current_password_required');
    const wrong = await client.auth.updateUser({ password: 'a new password', current_password: 'nope nope' });
    expect(wrong.error?.code).toBe('current_password_mismatch');
    const ok = await client.auth.updateUser({ password: 'a new password', current_password: TEST_PASSWORD });
    expect(ok.error).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await server.client().auth.signInWithPassword({ email, password: 'a new password' })).error).toBeNull();
  });

  it('refuses an email change', async () => {
    const { client } = await signedInClient(server);
    const { error } = await client.auth.updateUser({ email: uniqueEmail() });
    expect(error?.status).toBe(422);
  });

  it('answers GoTrue errors for missing and forged tokens', async () => {
    const none = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });
    const { session } = await signedInClient(server);
    const [h, p] = session.access_token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    const bad = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ code: 'bad_jwt' });
    const anon = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` },
    });
    expect(anon.status).toBe(403);
  });
});
