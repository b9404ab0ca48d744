// The search index of the signed-in user's notes, off the page's thread: building it and answering a
// query never hold up typing or scrolling. The page keeps it in step (search-client.ts).
import { decodeIndex, encodeIndex } from './index-snapshot';
import { NoteIndex } from './note-index';
import type { FromSearchWorker, ToSearchWorker } from './search-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToSearchWorker>) => void) | null;
  postMessage(message: FromSearchWorker): void;
}

const scope = self as unknown as WorkerScope;
let index = new NoteIndex();

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'upsert':
      index.upsert(data.notes);
      break;
    case 'remove':
      index.remove(data.ids);
      break;
    case 'unsynced':
      index.setUnsynced(new Set(data.ids));
      break;
    case 'query': {
      const started = performance.now();
      const answer = index.query(data.query, data.filter, data.limit);
      scope.postMessage({ type: 'answer', seq: data.seq, answer, ms: performance.now() - started });
      break;
    }
    case 'ping':
      scope.postMessage({ type: 'pong', seq: data.seq, size: index.size });
      break;
    case 'restore': {
      const restored = decodeIndex(data.saved);
      if (restored) index = restored.index;
      scope.postMessage({ type: 'restored', seq: data.seq, known: restored ? [...restored.known] : null });
      break;
    }
    case 'save':
      scope.postMessage({ type: 'saved', seq: data.seq, saved: encodeIndex(index, new Map(data.known)) });
      break;
  }
};
