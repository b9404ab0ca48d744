// Notes as the app writes them, for the REST tests: every draft a new id and a later edit time than the
// one before, owned by the signed-in test user.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { noteRowSchema, type NoteRow } from '../../core/note';
import { EMPTY_CONTENT } from '../../core/note-fields';

type Overrides = Partial<NoteRow> & Record<string, unknown>;

export interface NoteDrafts {
  /** A note row to send, not yet written. */
  draft: (overrides?: Overrides) => Record<string, unknown>;
  /** Inserts a draft through supabase-js and returns the stored row. */
  create: (overrides?: Overrides) => Promise<NoteRow>;
}

/** `owner` is read at each call, so it may return values a `beforeAll` sets later. */
export function noteDrafts(owner: () => { client: SupabaseClient; userId: string }): NoteDrafts {
  let clock = Date.parse('2024-05-01T10:00:00.000Z');
  const draft = (overrides: Overrides = {}) => {
    clock += 60_000;
    const at = new Date(clock).toISOString();
    return {
      id: randomUUID(),
      user_id: owner().userId,
      ...EMPTY_CONTENT,
      title: 'An idea',
      content: 'The original idea',
      created_at: at,
      updated_at: at,
      ...overrides,
    };
  };
  const create = async (overrides: Overrides = {}) => {
    const { data, error } = await owner().client.from('notes').insert(draft(overrides)).select().single();
    expect(error).toBeNull();
    return noteRowSchema.parse(data);
  };
  return { draft, create };
}
