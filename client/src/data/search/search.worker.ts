// The search index of the signed-in user's notes, off the page's thread: restoring, building and saving
// it, reading the notes it needs from IndexedDB, and answering queries never hold up typing or scrolling.
// The page tells it the notes' versions and asks it queries (search-client.ts).
import { openSproutDb } from '../notes/worker-safe';
import { IndexKeeper } from './index-keeper';
import { indexedDbNotesSource } from './notes-source';
import type { FromSearchWorker, ToSearchWorker } from './search-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToSearchWorker>) => void) | null;
  postMessage(message: FromSearchWorker): void;
}

const scope = self as unknown as WorkerScope;
const post = (message: FromSearchWorker) => scope.postMessage(message);
let keeper: IndexKeeper | null = null;

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'open': {
      // Another tab upgrading the database closes this connection (the page reloads and ends this worker).
      const db = openSproutDb({ name: data.dbName, onVersionChange: () => undefined });
      keeper = new IndexKeeper(indexedDbNotesSource(db, data.userId), {
        restored: () => post({ type: 'restored' }),
        progress: (indexed, total) => post({ type: 'progress', indexed, total }),
        applied: (total) => post({ type: 'applied', total }),
      });
      break;
    }
    case 'changed':
      keeper?.onChanged();
      break;
    case 'query':
      if (!keeper) {
        post({ type: 'answer', seq: data.seq, answer: { total: 0, hits: [] }, ms: 0 });
        break;
      }
      void keeper.query(data.query, data.filter, data.limit).then(({ answer, ms }) => post({ type: 'answer', seq: data.seq, answer, ms }));
      break;
  }
};
