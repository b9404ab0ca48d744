import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DUE_KEYS, LINK_KEYS, TAG_KEYS, withIndexKeys } from '#core/local-index-keys';
import type { LocalNote } from '#core/sync-rules';
import { localNoteMaker, scratchDatabases } from './testing/local-notes';

const USER = '11111111-1111-4111-8111-111111111111';

// The notes store of each version this app shipped (local-db.ts keeps only the latest declaration).
const BASE = 'id, user_id, [user_id+updated_at], [user_id+sync_state]';
const PLACES = `${BASE}, [user_id+deleted_at], [user_id+trashed_at], [user_id+created_at], [user_id+pinned_at], [user_id+archived_at]`;
const SHIPPED: Record<number, string> = {
  1: BASE,
  2: `${BASE}, [user_id+deleted_at]`,
  3: `${BASE}, [user_id+deleted_at]`,
  4: `${BASE}, [user_id+deleted_at], [user_id+trashed_at]`,
  5: PLACES,
  6: `${PLACES}, *tag_keys`,
  7: `${PLACES}, *tag_keys, *link_keys`,
};

const databases = scratchDatabases('local-db-test');
afterEach(() => databases.closeAll());

/** A database as version `version` of the app left it, holding `notes` as written then, and a meta entry. */
async function installed(name: string, version: number, notes: Record<string, unknown>[]): Promise<void> {
  const old = new Dexie(name);
  old.version(version).stores({ notes: SHIPPED[version]!, meta: '[user_id+key], user_id' });
  await old.table('notes').bulkPut(notes);
  await old.table('meta').put({ user_id: USER, key: 'last_pulled_revision', value: 41 });
  old.close();
}

describe('the device database', () => {
  const note = localNoteMaker(USER);
  const target = note({ title: 'Venue' });
  /** A note with a tag, a link and a dated item: one key of each index. */
  const planned = note({
    title: 'Launch',
    content: `Book it #work/launch, see [Venue](/note/${target.id})`,
    is_checklist: true,
    checklist_items: [
      { id: 'a', text: 'Call the venue', completed: false, due: '2026-03-31' },
      { id: 'b', text: 'Done already', completed: true, due: '2026-03-01' },
    ],
  } as Partial<LocalNote>);

  for (const version of Object.keys(SHIPPED).map(Number)) {
    it(`opens a database left by version ${version} with every note, its index keys and the sync's bookkeeping`, async () => {
      const name = `local-db-test-v${version}`;
      // Each version wrote the keys of the indexes it had, and none of the later ones.
      const written = [planned, target].map((row) => {
        const keyed: Record<string, unknown> = { ...withIndexKeys(row) };
        if (version < 8) delete keyed[DUE_KEYS];
        if (version < 7) delete keyed[LINK_KEYS];
        if (version < 6) delete keyed[TAG_KEYS];
        return keyed;
      });
      await installed(name, version, written);

      const db = databases.open(name);
      await db.open();
      expect(db.verno).toBe(8);
      const stored = await db.notes.get(planned.id);
      expect(stored).toEqual(withIndexKeys(planned));
      const keys = stored as unknown as Record<string, string[]>;
      expect(keys[TAG_KEYS]).toHaveLength(2); // work and work/launch
      expect(keys[LINK_KEYS]).toHaveLength(1);
      expect(keys[DUE_KEYS]).toHaveLength(1); // the ticked item has none
      // The indexes of the latest version answer, the ones added since this version included.
      expect(await db.notes.where(DUE_KEYS).startsWith(USER).primaryKeys()).toEqual([planned.id]);
      expect(await db.notes.where(LINK_KEYS).anyOf(keys[LINK_KEYS]!).primaryKeys()).toEqual([planned.id]);
      expect(
        await db.notes.where('[user_id+archived_at]').between([USER, Dexie.minKey], [USER, Dexie.maxKey]).count(),
      ).toBe(0);
      expect(await db.notes.where('user_id').equals(USER).count()).toBe(2);
      expect(await db.meta.get([USER, 'last_pulled_revision'])).toMatchObject({ value: 41 });
    });
  }

  it('creates the latest schema on a new device', async () => {
    const db = databases.open();
    await db.notes.put(planned);
    expect(db.verno).toBe(8);
    expect(await db.notes.get(planned.id)).toEqual(withIndexKeys(planned));
    expect(await db.notes.where(TAG_KEYS).startsWith(USER).count()).toBe(2);
  });
});
