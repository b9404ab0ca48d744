// The test kit's reuse of in-memory databases between test files (test/kit/pglite-pool.ts): a server
// started on a database given back by another holds nothing of it, exactly as one started on a database
// opened anew from the image; a database whose schema a test changed is never handed out again.
import { sql } from 'kysely';
import fs from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { dumpState, leaseMemoryDatabase, poolCounts } from '../../test/kit/pglite-pool';
import { signedInClient, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/kit/test-server';

const onPGlite = process.env.SPROUT_TEST_DATABASE !== 'postgres';
const image = () => new Uint8Array(fs.readFileSync(inject('pgliteImage')));

describe.runIf(onPGlite)('in-memory databases reused between test files', () => {
  const opened: (TestServer | Database)[] = [];
  afterAll(async () => {
    for (const item of opened.reverse()) await item.close();
  });

  it('give the next server nothing of the last one: its users cannot sign in', async () => {
    const first = await startTestServer({ NOTES_QUOTA: '3' });
    const { client, email } = await signedInClient(first);
    const created = await client
      .from('notes')
      .insert({ title: 'Left behind', content: 'by the first server' })
      .select();
    expect(created.error).toBeNull();
    await first.close();

    const reusedBefore = poolCounts.reused;
    const second = await startTestServer();
    opened.push(second);
    expect(poolCounts.reused).toBe(reusedBefore + 1);

    const signIn = await second.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error?.message).toMatch(/invalid/i);
  });

  it('empty a database given back to what a database opened from the image holds', async () => {
    // A server with a quota of its own leaves a session setting behind, too.
    const server = await startTestServer({ NOTES_QUOTA: '50' });
    const { client } = await signedInClient(server);
    expect((await client.from('notes').insert({ title: 'Kept?', content: 'no' })).error).toBeNull();
    await server.close();

    const reusedBefore = poolCounts.reused;
    const reused = await leaseMemoryDatabase(image(), {});
    opened.push(reused);
    expect(poolCounts.reused).toBe(reusedBefore + 1);
    const fresh = await openDatabase({ kind: 'memory', image: image() }, {});
    opened.push(fresh);
    expect(await dumpState(reused)).toEqual(await dumpState(fresh));
  });

  it('never hand out again a database whose schema a test changed', async () => {
    const server = await startTestServer();
    await sql`CREATE TABLE scratch (id int)`.execute(server.database.db);
    await server.close();
    const discardedBefore = poolCounts.discarded;
    const next = await startTestServer();
    opened.push(next);
    expect(poolCounts.discarded).toBe(discardedBefore + 1);
    const { rows } = await sql<{ found: string | null }>`SELECT to_regclass('scratch')::text AS found`.execute(
      next.database.db,
    );
    expect(rows[0]?.found).toBeNull();
  });
});
