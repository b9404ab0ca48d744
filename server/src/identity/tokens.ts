// HS256 JWTs: the access token (1 h, GoTrue's claims) and the public anon key.
import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Tokens remembered as verified (about 1 KiB each). */
const VERIFIED_TOKENS_KEPT = 10_000;
export const JWT_ISSUER = 'sprout';

export interface AccessTokenInput {
  userId: string;
  email: string;
  sessionId: string;
  userMetadata: Record<string, unknown>;
}

const accessClaimsSchema = z.object({
  sub: z.uuid(),
  role: z.literal('authenticated'),
  aud: z.literal('authenticated'),
  session_id: z.uuid(),
  email: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export class TokenSigner {
  // Imported once: handing jose the raw bytes re-imports the HMAC key through WebCrypto on every
  // signature and every verification.
  readonly #key: Promise<webcrypto.CryptoKey>;
  readonly #verified = new Map<string, AccessClaims>();

  constructor(secret: string) {
    this.#key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async signAccessToken(input: AccessTokenInput, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(now / 1000);
    const expiresAt = iat + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({
      email: input.email,
      role: 'authenticated',
      session_id: input.sessionId,
      user_metadata: input.userMetadata,
      app_metadata: { provider: 'email', providers: ['email'] },
      aal: 'aal1',
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.userId)
      .setAudience('authenticated')
      .setIssuer(JWT_ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(await this.#key);
    return { token, expiresAt };
  }

  /** The public key the client sends as `apikey`: it identifies the app and grants nothing. */
  async signAnonKey(): Promise<string> {
    return new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(JWT_ISSUER)
      .setIssuedAt(0)
      .sign(await this.#key);
  }

  /**
   * Verifies signature, expiry and claims; the error message says why a token was refused. A token
   * whose signature and claims were verified before is recognised by its exact text (signature
   * included, so nothing altered can match) and only its expiry is checked again: a client sends the
   * same token with every request for an hour, and the HMAC and claim checks were a tenth of a read.
   */
  async verifyAccessToken(
    token: string,
    now = Date.now(),
  ): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: string }> {
    const known = this.#verified.get(token);
    if (known !== undefined) {
      // jose's rule: expired once the current second reaches exp.
      if (Math.floor(now / 1000) < known.exp) return { ok: true, claims: known };
      this.#verified.delete(token);
      return { ok: false, reason: 'token is expired' };
    }
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        issuer: JWT_ISSUER,
        currentDate: new Date(now),
      });
      const claims = accessClaimsSchema.safeParse(payload);
      if (!claims.success) return { ok: false, reason: 'not an access token of an authenticated user' };
      this.#remember(token, Object.freeze(claims.data));
      return { ok: true, claims: claims.data };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'token is expired' };
      return { ok: false, reason: 'token is malformed or its signature is invalid' };
    }
  }

  #remember(token: string, claims: AccessClaims): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.#verified.size >= VERIFIED_TOKENS_KEPT) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, claims);
  }
}
