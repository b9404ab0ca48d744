// Who is calling: checks a bearer token's signature and claims and that its session is still live (a
// signed-out or deleted session is refused at once, not when the token expires; session-cache.ts says
// how briefly a live answer is reused). No HTTP here: the
// kernel's authentication hook (http/authentication.ts) hands in the Authorization header.
import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { SessionCache } from './session-cache';
import type { TokenSigner } from './tokens';

export interface Caller {
  userId: string;
  sessionId: string;
  email: string;
}

/** Why a request carries no usable user; each surface's error shape words it its own way. */
export interface AuthFailure {
  problem: 'missing' | 'anon' | 'invalid' | 'session_not_found';
  reason: string;
}

export type AuthResult = { ok: true; caller: Caller } | ({ ok: false } & AuthFailure);

export function bearerToken(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

export async function authenticate(
  authorization: string | string[] | undefined,
  db: Kysely<DB>,
  signer: TokenSigner,
  sessions: SessionCache,
  /** Called with the token's user once its signature and claims hold, before its session is checked. */
  onVerified?: (userId: string) => void,
): Promise<AuthResult> {
  const token = bearerToken(authorization);
  if (!token) return { ok: false, problem: 'missing', reason: 'no bearer token' };
  const verified = await signer.verifyAccessToken(token);
  if (!verified.ok) {
    const isAnon = verified.reason.startsWith('not an access token') && looksLikeAnonKey(token);
    return { ok: false, problem: isAnon ? 'anon' : 'invalid', reason: verified.reason };
  }
  const { sub, session_id: sessionId, email } = verified.claims;
  onVerified?.(sub);
  const live = await sessions.isLive(sessionId, sub, async () => {
    const session = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', sub)
      .executeTakeFirst();
    return session !== undefined;
  });
  if (!live) return { ok: false, problem: 'session_not_found', reason: 'session has ended' };
  return { ok: true, caller: { userId: sub, sessionId, email } };
}

/** Only a peek, to word the refusal: the signature was checked by verifyAccessToken before this is asked. */
function looksLikeAnonKey(token: string): boolean {
  try {
    return decodeJwt(token).role === 'anon';
  } catch {
    return false;
  }
}
