// fetch() for the app's own /api endpoints with the signed-in user's access token (supabase-js refreshes
// an expired one first). Without a session the request goes out without a token.
import { getAuthClient } from './supabase';

/** The current access token, or null when signed out (or the auth client cannot start). */
export async function currentAccessToken(): Promise<string | null> {
  try {
    const { data } = await (await getAuthClient()).getSession();
    return data.session?.access_token ?? null;
  } catch {
    return null;
  }
}

export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await currentAccessToken();
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(path, { ...init, headers });
}
