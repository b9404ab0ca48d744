// The search index of the signed-in user's notes, off the page's thread: restoring, building and saving
// it, reading the notes it needs from IndexedDB, and answering queries never hold up typing or scrolling.
// The page says when the notes changed and asks it queries (search-client.ts).
import { openSproutDb, readNotesByIds, type NoteView } from '../notes/worker-safe';
import { IndexKeeper } from './index-keeper';
import type { SearchFilter } from './note-index';
import { NoteViewCache } from './note-view-cache';
import { indexedDbNotesSource } from './notes-source';
import type { FromSearchWorker, ToSearchWorker } from './search-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToSearchWorker>) => void) | null;
  postMessage(message: FromSearchWorker): void;
}

const scope = self as unknown as WorkerScope;
const post = (message: FromSearchWorker) => scope.postMessage(message);
let keeper: IndexKeeper | null = null;
let notes: NoteViewCache<NoteView> | null = null;

async function answer(seq: number, query: string, filter: SearchFilter, limit: number): Promise<void> {
  if (!keeper || !notes) {
    post({ type: 'answer', seq, answer: { total: 0, hits: [] }, notes: [], ms: 0 });
    return;
  }
  const { answer, ms } = await keeper.query(query, filter, limit);
  // Read from the notes, not the index: a card shows the note as it is, even before its change is indexed.
  post({ type: 'answer', seq, answer, notes: await notes.get(answer.hits.map((hit) => hit.id)), ms });
}

async function pick(seq: number, ids: readonly string[], filter: SearchFilter): Promise<void> {
  const picked = keeper && notes ? await keeper.pick(ids, filter) : [];
  const found = picked.length > 0 && notes ? await notes.get(picked) : [];
  const hits = found.map((note) => ({ id: note.id, score: 0, terms: [], fields: [] }));
  post({ type: 'answer', seq, answer: { total: hits.length, hits }, notes: found, ms: 0 });
}

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'open': {
      // Another tab upgrading the database closes this connection (the page reloads and ends this worker).
      const db = openSproutDb({ name: data.dbName, onVersionChange: () => undefined });
      const userId = data.userId;
      notes = new NoteViewCache((ids) => readNotesByIds(db, userId, ids));
      keeper = new IndexKeeper(indexedDbNotesSource(db, userId), {
        restored: () => post({ type: 'restored' }),
        progress: (indexed, total) => post({ type: 'progress', indexed, total }),
        applied: (total) => post({ type: 'applied', total }),
      });
      break;
    }
    case 'changed':
      notes?.clear();
      keeper?.onChanged();
      break;
    case 'query':
      answer(data.seq, data.query, data.filter, data.limit).catch((error: unknown) => {
        console.warn('Answering a search failed', error);
        post({ type: 'answer', seq: data.seq, answer: { total: 0, hits: [] }, notes: [], ms: 0 });
      });
      break;
    case 'pick':
      pick(data.seq, data.ids, data.filter).catch((error: unknown) => {
        console.warn('Reading the notes found by meaning failed', error);
        post({ type: 'answer', seq: data.seq, answer: { total: 0, hits: [] }, notes: [], ms: 0 });
      });
      break;
  }
};
