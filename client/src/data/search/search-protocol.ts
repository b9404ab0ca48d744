// The messages between the page and the search worker. The worker handles them in order; a query waits
// for the saved index to be restored, sees every change whose notes were read before it, and comes back
// with its hits' notes, read from IndexedDB in the worker: the page reads nothing for an answer.
import type { NoteView } from '../notes/worker-safe';
import type { SearchAnswer, SearchFilter } from './note-index';

export type ToSearchWorker =
  /** Open this device's database and restore the user's saved index; sent once, first. */
  | { type: 'open'; dbName: string; userId: string }
  /** The user's notes changed: the worker reads their versions and indexes what changed. */
  | { type: 'changed' }
  | { type: 'query'; seq: number; query: string; filter: SearchFilter; limit: number }
  /** Which of these notes (found by meaning, on the server) this device has and `filter` keeps: answered as hits without words. */
  | { type: 'pick'; seq: number; ids: string[]; filter: SearchFilter };

export type FromSearchWorker =
  /** The index saved on the last visit is back: queries are answered from it while the first pass checks it. */
  | { type: 'restored' }
  /** During the first pass over the notes. */
  | { type: 'progress'; indexed: number; total: number }
  /** The index holds every note of the versions last read (`total` of them, tombstones included), and they changed something. */
  | { type: 'applied'; total: number }
  /** `notes`: the hits' notes as stored now, read in the worker (a hit whose note is gone has none). */
  | { type: 'answer'; seq: number; answer: SearchAnswer; notes: NoteView[]; ms: number };
