import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, TokenSigner } from './tokens';

const input = {
  userId: '5b0a3b9e-8f39-4a39-9a8e-0a4f4c2a6f11',
  email: 'ada@example.com',
  sessionId: '0d4f9d0a-47a4-4a5f-9f1e-2f6d3c1b7e22',
  userMetadata: {},
};

describe('TokenSigner.verifyAccessToken', () => {
  it('accepts a token again after its first verification, until it expires', async () => {
    const signer = new TokenSigner('a-secret-of-the-server-at-least-32-chars');
    const issuedAt = Date.UTC(2026, 10, 23, 12, 0, 0);
    const { token } = await signer.signAccessToken(input, issuedAt);

    const first = await signer.verifyAccessToken(token, issuedAt + 1_000);
    const again = await signer.verifyAccessToken(token, issuedAt + 2_000);
    expect(first).toEqual({
      ok: true,
      claims: expect.objectContaining({ sub: input.userId, session_id: input.sessionId }),
    });
    expect(again).toEqual(first);

    const lastValid = issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1;
    expect((await signer.verifyAccessToken(token, lastValid)).ok).toBe(true);
    expect(await signer.verifyAccessToken(token, issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000)).toEqual({
      ok: false,
      reason: 'token is expired',
    });
  });

  it('refuses an altered copy of a token it has already verified', async () => {
    const signer = new TokenSigner('a-secret-of-the-server-at-least-32-chars');
    const { token } = await signer.signAccessToken(input);
    expect((await signer.verifyAccessToken(token)).ok).toBe(true);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        sub: '9e9f1c55-2f7b-4c55-8f7e-33f1f3b0c0aa',
      }),
    ).toString('base64url');
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
    expect(await signer.verifyAccessToken(`${header}.${otherUser}.${signature}`)).toEqual({
      ok: false,
      reason: 'token is malformed or its signature is invalid',
    });
    expect(
      (await signer.verifyAccessToken(`${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`))
        .ok,
    ).toBe(false);
    expect((await signer.verifyAccessToken(token)).ok).toBe(true);
  });

  it('does not take a token signed with another secret', async () => {
    const { token } = await new TokenSigner('another-secret-of-another-server-32+').signAccessToken(input);
    expect(await new TokenSigner('a-secret-of-the-server-at-least-32-chars').verifyAccessToken(token)).toEqual({
      ok: false,
      reason: 'token is malformed or its signature is invalid',
    });
  });
});
