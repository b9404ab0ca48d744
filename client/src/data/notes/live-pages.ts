// The pages of notes the screens list, each one shared live query (shared-live-query.ts) however many
// screens show it, and a start's first pages read ahead of their screens through that same query: the
// notes provider starts the first screen's page and Recent Ideas while the layout renders (issue 10), and
// the screens' hooks join those queries when they mount, with the page already read. One query, not a
// read ahead and then the screen's own.
import type { SproutDb } from './local-db';
import { loadNotesPage, type NotesKind, type NotesOrder, type NotesPage } from './notes-page';
import { sharePage } from './shared-views';
import { readAhead, sharedLiveQuery, type LiveQuestion, type SharedLiveQuery } from './shared-live-query';

/** How long a page read ahead keeps its query for a screen that has not come (another order, another screen). */
export const READ_AHEAD_HOLD_MS = 10_000;

export type LivePage = SharedLiveQuery<NotesPage>;

function pageQuestion(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind,
  order: NotesOrder,
  tag: string | null,
): LiveQuestion<NotesPage> {
  return {
    key: `page ${userId} ${limit} ${kind} ${order} ${tag ?? ''}`,
    read: () => loadNotesPage(db, userId, limit, kind, order, tag),
    // A re-read that shows the same notes keeps their objects (shared-views.ts).
    keep: sharePage,
  };
}

/** The user's live page of notes of a kind, in an order, of a tag (notes-page.ts, loadNotesPage). */
export function livePage(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
): LivePage {
  return sharedLiveQuery(db, pageQuestion(db, userId, limit, kind, order, tag));
}

/**
 * Starts the user's live page of notes of a kind, unless it runs already, for a screen about to show it:
 * the page is read while the screen renders, and the screen's hook takes the query over (or, after
 * `holdMs` without one, it stops).
 */
export function readPageAhead(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
  holdMs = READ_AHEAD_HOLD_MS,
): void {
  readAhead(db, pageQuestion(db, userId, limit, kind, order, tag), holdMs);
}
