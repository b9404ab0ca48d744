// What a note write tells the user (spec section 8, issue 12 offline, issue 31's offline create): writes
// through a real notes session on the in-memory server, online, offline, failing and refused, and the
// toasts in the order they are shown.
import { afterEach, describe, expect, it } from 'vitest';
import { appToasts } from '../../lib/toast';
import { toNoteView } from './local-note';
import type { ToastMessage } from './messages';
import { NotesSession } from './notes-session';
import { MemoryLocalStore } from './testing/memory-local-store';
import { FaultyRemote, MemoryRemote, MemoryServer } from './testing/memory-remote';
import { notifyWrite, writeKindOf } from './write-toasts';

const USER = '00000000-0000-4000-8000-000000000001';
const SUCCESS: ToastMessage = { title: 'Success', description: 'Your note has been updated.' };

const sessions: NotesSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  appToasts.dismiss();
});

/** A signed-in device, synced once; `online` is the browser's view, `remote` the network's. */
async function device() {
  const online = { value: true };
  const remote = new FaultyRemote(new MemoryRemote(new MemoryServer()));
  const store = new MemoryLocalStore();
  const session = new NotesSession({
    userId: USER,
    store,
    controller: { locks: null, windowTarget: null, documentTarget: null, isOnline: () => online.value, debounceMs: 5 },
  });
  session.connect(remote);
  sessions.push(session);
  await session.syncNow();
  const shown: string[] = [];
  const notify = (message: ToastMessage) =>
    shown.push(`${message.title}: ${message.description}${message.variant === 'destructive' ? ' (destructive)' : ''}`);
  /** The note as a screen would show it now. */
  const shownNote = async (id: string) => toNoteView((await store.get(id))!);
  return { session, online, remote, shown, notify, shownNote };
}

describe('the toasts after a note write', () => {
  it("online: the screen's own toast, and nothing more once the note is in the cloud", async () => {
    const { session, shown, notify, shownNote } = await device();
    const created = await session.createNote({ title: 'Idea' });
    expect(writeKindOf(created.note)).toBe('create');
    await notifyWrite('create', created.cloud, {
      saved: { title: 'Note Saved', description: 'Your idea has been saved successfully.' },
      offline: 'tell',
    });
    await notifyWrite('create', created.cloud, { notify, offline: 'tell' });
    expect(
      appToasts
        .getState()
        .toasts.filter((t) => t.open)
        .map((t) => t.title),
    ).toEqual(['Note Saved']);
    expect(shown).toEqual([]);

    const current = await shownNote(created.note.id);
    expect(writeKindOf(current)).toBe('update');
    const edited = await session.updateNote(current.id, { title: 'Idea, edited' }, { basedOn: current });
    await notifyWrite(writeKindOf(edited.note), edited.cloud, { saved: SUCCESS, offline: 'quiet', notify });
    expect(shown).toEqual(['Success: Your note has been updated.']);
  });

  it('offline: a new note says it waits on this device, also when saved again before it ever reached the cloud', async () => {
    const { session, online, shown, notify } = await device();
    online.value = false;
    const created = await session.createNote({ title: 'Untitled checklist', is_checklist: true, checklist_items: [] });
    await notifyWrite('create', created.cloud, { offline: 'tell', notify });
    expect(shown).toEqual(['Saved on this device: It will sync when you are back online.']);

    // The editor's Save Changes on it: still the note's creation, as far as the cloud knows.
    shown.length = 0;
    const saved = await session.updateNote(created.note.id, { title: 'Camping gear' }, { basedOn: created.note });
    const kind = writeKindOf(saved.note);
    expect(kind).toBe('create');
    await notifyWrite(kind, saved.cloud, { saved: SUCCESS, offline: 'tell', notify });
    expect(shown.at(-1)).toBe('Saved on this device: It will sync when you are back online.');
  });

  it('offline: a change to a note the cloud has is confirmed by the screen alone when it says so', async () => {
    const { session, online, shown, notify, shownNote } = await device();
    const created = await session.createNote({ title: 'Synced' });
    await created.cloud;
    online.value = false;
    const current = await shownNote(created.note.id);
    const edited = await session.updateNote(current.id, { title: 'Edited offline' }, { basedOn: current });
    expect(writeKindOf(edited.note)).toBe('update');
    await notifyWrite('update', edited.cloud, { saved: SUCCESS, offline: 'quiet', notify });
    expect(shown).toEqual(['Success: Your note has been updated.']);
  });

  it('a push that fails or is refused says so, as a creation or an update of what the cloud has', async () => {
    const { session, remote, shown, notify, shownNote } = await device();
    const kept = await session.createNote({ title: 'Kept' });
    await kept.cloud;
    remote.offline = true; // online as far as the browser knows, but the server cannot be reached
    const created = await session.createNote({ title: 'New' });
    await notifyWrite(writeKindOf(created.note), created.cloud, { offline: 'tell', notify });
    const current = await shownNote(kept.note.id);
    const edited = await session.updateNote(current.id, { title: 'Kept, edited' }, { basedOn: current });
    await notifyWrite(writeKindOf(edited.note), edited.cloud, { offline: 'quiet', notify });
    remote.offline = false;
    const refused = await session.createNote({ title: 'Refused' });
    remote.refuseIds.add(refused.note.id);
    await notifyWrite('create', refused.cloud, { offline: 'tell', notify });
    expect(shown).toEqual([
      "Failed to create note: Your note has been saved locally and will sync when you're online. (destructive)",
      "Failed to update note: Your changes have been saved locally and will sync when you're online. (destructive)",
      'Failed to create note: new row for relation "notes" violates the rules of column "title" (destructive)',
    ]);
  });

  it('a deletion: done, waiting offline, or not removed from the cloud; never "Note deleted" twice', async () => {
    const { session, online, remote, shown, notify } = await device();
    const deleted = { title: 'Note deleted', description: 'Your note has been deleted successfully.' };
    const notes = await Promise.all(['One', 'Two', 'Three', 'Four'].map((title) => session.createNote({ title })));
    await Promise.all(notes.map((note) => note.cloud));
    const [one, two, three, four] = notes.map((note) => note.note.id);

    await notifyWrite('delete', (await session.deleteNote(one)).cloud, { offline: 'tell', notify });
    await notifyWrite('delete', (await session.deleteNote(two)).cloud, { saved: deleted, offline: 'tell', notify });
    expect(shown).toEqual([
      'Note deleted: Your note has been deleted successfully.',
      'Note deleted: Your note has been deleted successfully.',
    ]);

    shown.length = 0;
    online.value = false;
    await notifyWrite('delete', (await session.deleteNote(three)).cloud, { offline: 'tell', notify });
    online.value = true;
    remote.offline = true;
    await notifyWrite('delete', (await session.deleteNote(four)).cloud, { offline: 'tell', notify });
    expect(shown).toEqual([
      "Offline deletion: The note was deleted locally and will be removed from the cloud when you're online.",
      "Sync error: The note was deleted locally but we couldn't remove it from the cloud. (destructive)",
    ]);
  });
});
