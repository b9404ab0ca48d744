// The real server for the cross-stack sync tests (test/kit/test-server.ts: PGlite in-process, supabase-js
// clients), and the devices that sync with it over fake-indexeddb.
import type { SupabaseClient } from '@supabase/supabase-js';
import { CompiledQuery } from 'kysely';
import type { NoteRow } from '#core/note';
import type { LocalNote } from '#core/sync-rules';
import { TOMBSTONE_RETENTION_DAYS } from '#core/sync-rules';
import { purgeOldTombstones } from '../../../server/src/db/tombstone-purge';
import { signedInClient, startTestServer, TEST_PASSWORD, type TestServer } from '../../kit/test-server';
import { openSproutDb } from '../../../client/src/data/notes/local-db';
import { readLocalNote } from '../../../client/src/data/notes/local-note';
import { DexieLocalStore } from '../../../client/src/data/notes/local-store';
import { SupabaseRemote } from '../../../client/src/data/notes/supabase-remote';
import { TestDevice, type DeviceOptions } from './device';
import type { SyncWorld } from './sync-scenarios';

export interface RealServer {
  server: TestServer;
  /** The password of every test user. */
  password: string;
  /** A new user and a client signed in as them. */
  signUp(): Promise<{ client: SupabaseClient; userId: string; email: string }>;
  /** Another client signed in as an existing user (another device). */
  signIn(email: string): Promise<SupabaseClient>;
  /** The server's purge of old tombstones [S10], as if the retention had passed since every write so far. */
  purgeTombstones(): Promise<void>;
  close(): Promise<void>;
}

export async function startRealServer(): Promise<RealServer> {
  const server = await startTestServer();
  return {
    server,
    password: TEST_PASSWORD,
    async signUp() {
      const { client, user, email } = await signedInClient(server);
      return { client, userId: user.id, email };
    },
    async signIn(email) {
      const client = server.client();
      const { error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
      if (error) throw new Error(`sign-in failed: ${error.message}`);
      return client;
    },
    async purgeTombstones() {
      // A purge reads a tombstone's age from the marks it makes of the revision sequence (migration 011):
      // one made the retention ago at the sequence's current value makes every tombstone so far old.
      await server.database.db.executeQuery(
        CompiledQuery.raw(`INSERT INTO private.revision_marks (hour, marked_at, revision)
          SELECT date_trunc('hour', now()) - interval '${TOMBSTONE_RETENTION_DAYS + 1} days', now() - interval '${TOMBSTONE_RETENTION_DAYS + 1} days', last_value
          FROM notes_revision_seq
          ON CONFLICT (hour) DO UPDATE SET marked_at = excluded.marked_at, revision = excluded.revision`),
      );
      await purgeOldTombstones(server.database.db);
    },
    close: () => server.close(),
  };
}

let dbCounter = 0;

/** A device of `userId` with its own IndexedDB database (fake-indexeddb) and its own signed-in client. */
export function realDevice(
  name: string,
  userId: string,
  client: SupabaseClient,
  extra: Partial<Omit<DeviceOptions, 'name' | 'userId' | 'remote' | 'openStore'>> = {},
): TestDevice {
  dbCounter += 1;
  const dbName = `sprout-test-${dbCounter}-${name}`;
  return new TestDevice({
    name,
    userId,
    remote: new SupabaseRemote(client, userId),
    openStore: () => {
      const db = openSproutDb({ name: dbName, onVersionChange: () => undefined });
      return {
        store: new DexieLocalStore(db),
        listAll: async () =>
          (await db.notes.where('user_id').equals(userId).toArray())
            .map(readLocalNote)
            .filter((n): n is LocalNote => n !== null),
        close: () => db.close(),
      };
    },
    ...extra,
  });
}

/** Every row of the user on the server, tombstones included, read through a signed-in client. */
export async function serverRowsOf(client: SupabaseClient, userId: string): Promise<NoteRow[]> {
  const remote = new SupabaseRemote(client, userId);
  const rows: NoteRow[] = [];
  let after = 0;
  for (;;) {
    const page = (await remote.pullChanges(after, 1000)).rows;
    rows.push(...page);
    if (page.length < 1000) return rows;
    after = page[page.length - 1]!.revision;
  }
}

/** A SyncWorld on the real server: one new user, devices signed in as that user. */
export async function realWorld(real: RealServer): Promise<SyncWorld> {
  const { client, userId, email } = await real.signUp();
  const clock = { offsetMs: 0 };
  const devices: TestDevice[] = [];
  let first = true;
  return {
    userId,
    clock,
    async device(name, options) {
      const deviceClient = first ? client : await real.signIn(email);
      first = false;
      const device = realDevice(name, userId, deviceClient, { clock, ...options });
      devices.push(device);
      return device;
    },
    serverRows: () => serverRowsOf(client, userId),
    purgeTombstones: () => real.purgeTombstones(),
    async writeRow(row) {
      // Another client's plain upsert through the REST API, as supabase-js sends one.
      const { error } = await client.from('notes').upsert(row, { onConflict: 'id' });
      if (error) throw new Error(`write failed: ${error.message}`);
    },
    async dispose() {
      for (const device of devices) device.close();
    },
  };
}
