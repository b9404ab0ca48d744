// The messages between the page and the search worker. The worker handles them in order, so a query
// sees every change posted before it.
import type { IndexedNote, SearchAnswer, SearchFilter } from './note-index';

export type ToSearchWorker =
  | { type: 'upsert'; notes: IndexedNote[] }
  | { type: 'remove'; ids: string[] }
  | { type: 'unsynced'; ids: string[] }
  | { type: 'query'; seq: number; query: string; filter: SearchFilter; limit: number }
  | { type: 'ping'; seq: number }
  /** Replace the index by a saved one (index-snapshot.ts); answered with the versions it holds, or null. */
  | { type: 'restore'; seq: number; saved: string }
  /** Serialise the index, built from the notes at these versions. */
  | { type: 'save'; seq: number; known: [string, string][] };

export type FromSearchWorker =
  | { type: 'answer'; seq: number; answer: SearchAnswer; ms: number }
  | { type: 'pong'; seq: number; size: number }
  | { type: 'restored'; seq: number; known: [string, string][] | null }
  | { type: 'saved'; seq: number; saved: string };
