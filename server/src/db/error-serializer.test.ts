import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { serializeError } from './error-serializer';

describe('serializeError', () => {
  it("never emits a database error's query, params, detail or quoted input", async () => {
    const pglite = new PGlite();
    try {
      await pglite.exec('CREATE TABLE users (email text UNIQUE, hash text)');
      await pglite.query('INSERT INTO users VALUES ($1, $2)', ['victim@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA']);
      const duplicate = await pglite
        .query('INSERT INTO users VALUES ($1, $2)', ['victim@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'])
        .catch((error: unknown) => error);
      const nul = await pglite.query('SELECT $1::text', ['a\u0000victim@example.com']).catch((error: unknown) => error);
      for (const error of [duplicate, nul]) {
        expect(error).toHaveProperty('params');
        const text = JSON.stringify(serializeError(error));
        expect(text).not.toContain('victim@example.com');
        expect(text).not.toContain('argon2id');
        expect(text).not.toContain('INSERT');
        expect(serializeError(error).code).toMatch(/^[0-9A-Z]{5}$/);
      }
      expect(serializeError(duplicate)).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
    } finally {
      await pglite.close();
    }
  });

  it('keeps the message and stack of an ordinary error, and its cause', () => {
    const error = new TypeError('boom', { cause: Object.assign(new Error('db'), { code: '22P05', params: ['secret'] }) });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'TypeError', message: 'boom', cause: { code: '22P05' } });
    expect(out.stack).toContain('boom');
    expect(JSON.stringify(out)).not.toContain('secret');
  });
});
