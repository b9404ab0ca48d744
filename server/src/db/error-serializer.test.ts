// The pure serializer; server/test/security-holes.test.ts logs real PGlite errors through the server's logger.
import { describe, expect, it } from 'vitest';
import { serializeError } from './error-serializer';

/** The fields PGlite's and node-postgres's errors carry (PGlite adds `query` and `params`). */
function databaseError(code: string, message: string) {
  return Object.assign(new Error(message), {
    code,
    severity: 'ERROR',
    detail: 'Key (email)=(victim@example.com) already exists.',
    table: 'users',
    constraint: 'users_email_key',
    query: 'INSERT INTO users (email, encrypted_password) VALUES ($1, $2)',
    params: ['victim@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
  });
}

describe('serializeError', () => {
  it("never emits a database error's query, params or detail, nor a data exception's message", () => {
    for (const error of [
      databaseError('23505', 'duplicate key value violates unique constraint "users_email_key"'),
      databaseError('22P02', 'invalid input syntax for type uuid: "victim@example.com"'),
    ]) {
      const out = serializeError(error);
      const text = JSON.stringify(out);
      expect(text).not.toContain('victim@example.com');
      expect(text).not.toContain('argon2id');
      expect(text).not.toContain('INSERT');
      expect(out).toMatchObject({ code: error.code, table: 'users', constraint: 'users_email_key' });
    }
  });

  it('keeps the message and stack of an ordinary error, and its cause', () => {
    const error = new TypeError('boom', { cause: databaseError('22P05', 'unsupported Unicode escape sequence') });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'TypeError', message: 'boom', cause: { code: '22P05' } });
    expect(out.stack).toContain('boom');
    expect(JSON.stringify(out)).not.toContain('victim');
  });
});
