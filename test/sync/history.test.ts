// The history of notes across the stack (docs/history.md): devices on the real server, writing through the
// app's data layer, leave the versions the rules promise: another device's text before this one replaces it,
// the text an assistant's result or a resolved conflict replaces (named by the push's Sprout-History), and
// the merged text of two devices [S33] keeps each side's version.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { toNoteView } from '../../client/src/data/notes/local-note';
import { realDevice, startRealServer, type RealServer } from './support/real-server';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real?.close();
});

interface Version {
  id: string;
  reason: string;
  title: string;
}

async function history(client: SupabaseClient, noteId: string): Promise<{ reason: string; content: string }[]> {
  const token = (await client.auth.getSession()).data.session!.access_token;
  const get = (path: string) =>
    fetch(`${real.server.url}/api/notes/${noteId}/history${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const { versions } = (await (await get('')).json()) as { versions: Version[] };
  return Promise.all(
    versions.map(async (version) => {
      const { content } = (await (await get(`/${version.id}`)).json()) as { content: { content: string } };
      return { reason: version.reason, content: content.content };
    }),
  );
}

async function twoDevices() {
  const { client, userId, email } = await real.signUp();
  const phone = realDevice('phone', userId, client);
  const laptop = realDevice('laptop', userId, await real.signIn(email));
  return { client, phone, laptop };
}

it("keeps another device's text before this device replaces it, and the text of each side of a merge", async () => {
  const { client, phone, laptop } = await twoDevices();
  const { note } = await phone.repo.createNote({ title: 'Week', content: 'mon\ntue\nwed' });
  await phone.sync();
  await laptop.sync();
  await laptop.repo.updateNote(note.id, { content: 'mon\ntue\nwed!' });
  await laptop.sync();
  await phone.sync();
  await phone.repo.updateNote(note.id, { content: 'mon!\ntue\nwed!' });
  await phone.sync();
  expect(await history(client, note.id)).toEqual([
    { reason: 'device', content: 'mon\ntue\nwed!' },
    { reason: 'device', content: 'mon\ntue\nwed' },
  ]);

  // Both edit offline; the merge replaces the laptop's text, which history keeps.
  await laptop.sync();
  phone.offline = laptop.offline = true;
  await phone.repo.updateNote(note.id, { content: 'mon!\ntue\nwed!\nthu' });
  await laptop.repo.updateNote(note.id, { content: 'sun\nmon!\ntue\nwed!' });
  phone.offline = laptop.offline = false;
  await laptop.sync();
  expect(await phone.sync()).toMatchObject({ merged: 1, conflicts: 0 });
  expect((await phone.listed()).map((n) => n.content)).toEqual(['sun\nmon!\ntue\nwed!\nthu']);
  expect((await history(client, note.id))[0]).toEqual({ reason: 'device', content: 'sun\nmon!\ntue\nwed!' });
  phone.close();
  laptop.close();
});

it('keeps the text an assistant result or a resolved conflict replaces, however recent', async () => {
  const { client, phone, laptop } = await twoDevices();
  const { note } = await phone.repo.createNote({ title: 'Idea', content: 'a garden' });
  await phone.sync();
  await phone.repo.updateNote(note.id, { content: 'a garden, small' });
  await phone.sync(); // the session's first change: 'interval'
  const shown = await phone.repo.getNote(note.id);
  await phone.repo.updateNote(note.id, { expanded_content: '## Plan' }, { basedOn: shown!, history: 'ai' });
  await phone.sync();
  expect((await history(client, note.id)).map((v) => v.reason)).toEqual(['ai', 'interval']);

  // A conflict: the laptop's copy is kept over the phone's text, which history keeps.
  await laptop.sync();
  phone.offline = laptop.offline = true;
  await phone.repo.updateNote(note.id, { content: 'a big garden' });
  await laptop.repo.updateNote(note.id, { content: 'a tiny garden' });
  phone.offline = laptop.offline = false;
  await phone.sync();
  expect(await laptop.sync()).toMatchObject({ conflicts: 1 });
  const copy = (await laptop.listed()).find((n) => n.id !== note.id)!;
  const original = (await laptop.note(note.id))!;
  const result = await laptop.repo.resolveConflict(toNoteView(copy), toNoteView(original), 'keep-this');
  expect(result.status).toBe('resolved');
  await laptop.sync();
  expect((await history(client, note.id))[0]).toEqual({ reason: 'conflict', content: 'a big garden' });
  phone.close();
  laptop.close();
});
