// What the API load figures share (issue 10's rows in the api group, and the rls group beside them): the
// read they load, the note they write, and a user with notes to read and one to rename.
import { benchNote, seedNotes, signUp, type BenchUser } from './sprout';

/** The app's own dashboard read: the newest 100 live notes. */
export const READ_QUERY = 'select=*&deleted_at=is.null&order=updated_at.desc&limit=100';
export const NEW_NOTE = { title: 'A new idea', content: 'Written under load.' };

/** A new user of the server at `url` with `count` notes, and one more that a PATCH load renames. */
export async function seedLoadUser(url: string, count: number): Promise<{ user: BenchUser; patchId: string }> {
  const user = await signUp(url);
  await seedNotes(user, count);
  const patchNote = benchNote(user.userId, 0);
  const response = await fetch(`${url}/rest/v1/notes`, {
    method: 'POST',
    headers: { ...user.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(patchNote),
  });
  if (!response.ok) throw new Error(`POST /rest/v1/notes: ${response.status}`);
  return { user, patchId: patchNote.id };
}
