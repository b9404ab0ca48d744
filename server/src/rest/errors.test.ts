// Database errors become the PostgREST answer for their SQLSTATE; anything unrecognised is left for a 500.
import { describe, expect, it } from 'vitest';
import { fromDatabaseError } from '../http/errors/postgrest-errors';
import { EMPTY_CONTENT } from '#core/note-fields';
import { presentConflictRow } from './presenters';

const USER = '7d1f8a0e-2c4b-4f3a-9d5e-6b7c8d9e0f1a';
const pgError = (code: string, message = 'm', detail?: string) => Object.assign(new Error(message), { code, detail });

describe('fromDatabaseError', () => {
  it('maps SQLSTATEs to PostgREST statuses', () => {
    const present = () => null;
    expect(fromDatabaseError(pgError('22P02'), present)?.status).toBe(400);
    expect(fromDatabaseError(pgError('22008'), present)?.status).toBe(400);
    expect(fromDatabaseError(pgError('23502', 'null value', 'Failing row contains (...)'), present)).toMatchObject({
      status: 400,
      details: null,
    });
    expect(fromDatabaseError(pgError('23505', 'duplicate key', 'Key (id)=(x) already exists.'), present)).toMatchObject(
      { status: 409, details: null },
    );
    expect(fromDatabaseError(pgError('42501'), present)?.status).toBe(403);
    expect(fromDatabaseError(pgError('21000'), present)?.status).toBe(400);
    expect(fromDatabaseError(pgError('PT418'), present)?.status).toBe(418);
  });

  it('leaves unexpected errors unmapped, so they become a logged, generic 500', () => {
    const present = () => null;
    expect(fromDatabaseError(pgError('53300'), present)).toBeUndefined();
    expect(fromDatabaseError(pgError('XX000'), present)).toBeUndefined();
    expect(fromDatabaseError(new Error('boom'), present)).toBeUndefined();
    expect(fromDatabaseError({ code: 'FST_ERR_X' }, present)).toBeUndefined();
  });

  it("answers PT409 with the current row re-presented, only when it is the caller's", () => {
    const row = {
      id: '0b6a3c1e-3f0b-4a52-9a55-0f6bb0f4b2a1',
      user_id: USER,
      ...EMPTY_CONTENT,
      title: 't',
      content: 'c',
      chat_history: [{ role: 'user', content: 'hi' }],
      created_at: '2024-05-01T12:00:00.123456+00:00',
      updated_at: '2024-05-01T14:00:00+02:00',
      revision: 42,
      deleted_at: null,
      last_mutation_id: 'm-1',
    };
    const error = fromDatabaseError(pgError('PT409', 'stale', JSON.stringify(row)), (detail) =>
      presentConflictRow(detail, USER),
    );
    expect(error?.status).toBe(409);
    expect(JSON.parse(error?.details ?? '{}')).toEqual({
      ...row,
      created_at: '2024-05-01T12:00:00.123Z',
      updated_at: '2024-05-01T12:00:00.000Z',
    });
    expect(presentConflictRow(JSON.stringify({ ...row, user_id: 'someone else' }), USER)).toBeNull();
    expect(presentConflictRow('not json', USER)).toBeNull();
  });
});
