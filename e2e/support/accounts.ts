// Accounts through the server's own HTTP API, as another client would use them: sign-up, the headers a
// request as the account carries, its user_metadata, and deleting the account again (DELETE /api/account,
// the app's own way) so that a test leaves the server as it found it.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** The session fields the auth server returns (GoTrue's shape). */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string; [key: string]: unknown };
}

export interface Account {
  /** The server the account lives on, e.g. http://127.0.0.1:4310. */
  origin: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
  /** The public anon key the client sends as `apikey`. */
  anonKey: string;
  /** The whole session returned by sign-up. */
  session: StoredSession;
}

/** What it takes to delete an account: every password it may have now, newest last. */
export interface AccountCredentials {
  origin: string;
  email: string;
  passwords: readonly string[];
  anonKey?: string;
  accessToken?: string;
}

export async function anonKey(request: APIRequestContext, origin: string): Promise<string> {
  const response = await request.get(`${origin}/api/config`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { anonKey: string }).anonKey;
}

/**
 * Signs up a new user through POST /auth/v1/signup (the embedded server confirms at once and returns a
 * session). Tests get theirs from the `account` or `accounts` fixture, which deletes them afterwards.
 */
export async function createAccount(
  request: APIRequestContext,
  origin: string,
  password = `pw-${randomUUID()}`,
): Promise<Account> {
  const key = await anonKey(request, origin);
  const email = `user-${randomUUID()}@example.com`;
  const response = await request.post(`${origin}/auth/v1/signup`, {
    headers: { apikey: key },
    data: { email, password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const session = (await response.json()) as StoredSession;
  return {
    origin,
    email,
    password,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    userId: session.user.id,
    anonKey: key,
    session,
  };
}

/** The headers of a request made as the account (its anon key and its access token). */
export function authHeaders(account: Pick<Account, 'anonKey' | 'accessToken'>): Record<string, string> {
  return { apikey: account.anonKey, Authorization: `Bearer ${account.accessToken}` };
}

/** The account's user_metadata as the server has it (GET /auth/v1/user). */
export async function accountMetadata(request: APIRequestContext, account: Account): Promise<Record<string, unknown>> {
  const response = await request.get(`${account.origin}/auth/v1/user`, { headers: authHeaders(account) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { user_metadata: Record<string, unknown> }).user_metadata;
}

/** Merges `data` into the account's user_metadata, as Settings and Profile save it (PUT /auth/v1/user). */
export async function saveMetadata(
  request: APIRequestContext,
  account: Account,
  data: Record<string, unknown>,
): Promise<void> {
  const response = await request.put(`${account.origin}/auth/v1/user`, {
    headers: authHeaders(account),
    data: { data },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Deletes an account with the app's own DELETE /api/account (the user, sessions, notes, stored AI key):
 * with its access token when that session is still live, else after a sign-in with each password it may
 * have. When none signs in, the account must be gone already (a test deleted it through the app): a
 * sign-up with the same email proves it, and is itself deleted at once. Throws when the account is still
 * there and no password known here opens it.
 */
export async function deleteAccount(request: APIRequestContext, credentials: AccountCredentials): Promise<void> {
  const { origin, email } = credentials;
  const key = credentials.anonKey ?? (await anonKey(request, origin));
  const passwords = [...credentials.passwords].reverse();
  const remove = (accessToken: string, password: string) =>
    request.delete(`${origin}/api/account`, {
      headers: authHeaders({ anonKey: key, accessToken }),
      data: { current_password: password },
    });

  if (credentials.accessToken) {
    for (const password of passwords) {
      const response = await remove(credentials.accessToken, password);
      if (response.status() === 204) return;
      // 401: the session has ended (signed out, revoked); 400: the password has changed since.
      if (response.status() === 401) break;
    }
  }
  for (const password of passwords) {
    const signIn = await request.post(`${origin}/auth/v1/token?grant_type=password`, {
      headers: { apikey: key },
      data: { email, password },
    });
    if (!signIn.ok()) continue;
    const { access_token } = (await signIn.json()) as StoredSession;
    const response = await remove(access_token, password);
    expect(response.status(), `deleting ${email}: ${await response.text()}`).toBe(204);
    return;
  }
  const probe = `pw-${randomUUID()}`;
  const signUp = await request.post(`${origin}/auth/v1/signup`, {
    headers: { apikey: key },
    data: { email, password: probe },
  });
  if (!signUp.ok())
    throw new Error(
      `account ${email} is still on ${origin}, and no password the test gave opens it (${await signUp.text()})`,
    );
  const { access_token } = (await signUp.json()) as StoredSession;
  expect((await remove(access_token, probe)).status()).toBe(204);
}
