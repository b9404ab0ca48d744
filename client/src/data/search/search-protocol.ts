// The messages between the page and the search worker. The worker handles them in order, so a query
// sees every change posted before it.
import type { IndexedNote, SearchAnswer, SearchFilter } from './note-index';

export type ToSearchWorker =
  | { type: 'upsert'; notes: IndexedNote[] }
  | { type: 'remove'; ids: string[] }
  | { type: 'unsynced'; ids: string[] }
  | { type: 'query'; seq: number; query: string; filter: SearchFilter; limit: number }
  | { type: 'ping'; seq: number };

export type FromSearchWorker =
  | { type: 'answer'; seq: number; answer: SearchAnswer; ms: number }
  | { type: 'pong'; seq: number; size: number };
