// The real server for the cross-stack sync tests (test/kit/test-server.ts: PGlite in-process, supabase-js
// clients), and the devices that sync with it over fake-indexeddb.
import type { SupabaseClient } from '@supabase/supabase-js';
import { CompiledQuery } from 'kysely';
import type { NoteRow } from '#core/note';
import type { LocalNote } from '#core/sync-rules';
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
  /** Hard-deletes all tombstones, as the retention job would after 90 days. */
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
      await server.database.db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw("SET LOCAL sprout.hard_delete = 'on'"));
        await trx.executeQuery(CompiledQuery.raw('DELETE FROM notes WHERE deleted_at IS NOT NULL'));
      });
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
          (await db.notes.where('user_id').equals(userId).toArray()).map(readLocalNote).filter((n): n is LocalNote => n !== null),
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
    const page = await remote.pullChanges(after, 1000);
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
    async dispose() {
      for (const device of devices) device.close();
    },
  };
}
