// The pages of notes the screens list, each one shared live query (shared-live-query.ts) however many
// screens show it, and a start's first pages read ahead of their screens through that same query: the
// notes provider starts the first screen's page and Recent Ideas while the layout renders (issue 10), and
// the screens' hooks join those queries when they mount, with the page already read. One query, not a
// read ahead and then the screen's own.
import type { SproutDb } from './local-db';
import { loadNotesPage, type NotesKind, type NotesOrder, type NotesPage } from './notes-page';
import { sharePage } from './shared-views';
import { sharedLiveQuery, type SharedLiveQuery } from './shared-live-query';

export type LivePage = SharedLiveQuery<NotesPage>;

/**
 * The last page read of each list (a user's notes of a kind, order and tag, whatever its length): a longer
 * page ('Show more') starts from its objects, so the cards already drawn are not drawn again.
 */
const lastOfList = new WeakMap<SproutDb, Map<string, NotesPage>>();

/** The user's live page of notes of a kind, in an order, of a tag (notes-page.ts, loadNotesPage). */
export function livePage(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
): LivePage {
  const list = `${userId} ${kind} ${order} ${tag ?? ''}`;
  const shown = lastOfList.get(db) ?? new Map<string, NotesPage>();
  lastOfList.set(db, shown);
  return sharedLiveQuery(db, {
    key: `page ${limit} ${list}`,
    read: () => loadNotesPage(db, userId, limit, kind, order, tag),
    // A re-read that shows the same notes keeps their objects (shared-views.ts), a new page's first read
    // those of the list's last page.
    keep: (last, next) => {
      const kept = sharePage(last ?? shown.get(list), next);
      shown.set(list, kept);
      return kept;
    },
  });
}
