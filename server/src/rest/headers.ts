// The HTTP headers PostgREST reads and writes besides Prefer: Accept (array or single object, stripped
// nulls), Accept-Profile / Content-Profile, Content-Type of bodies, Range, and Content-Range; and
// Sprout's own three, Sprout-Echo and Sprout-History on writes and Sprout-Horizon on reads.
import { HISTORY_MARKS_MAX, type StatedHistoryReason } from '#core/history';
import { restErrors } from './errors';

export interface Representation {
  /** `Accept: application/vnd.pgrst.object+json`, as `.single()` sends: exactly one row or 406. */
  single: boolean;
  stripNulls: boolean;
}

const ARRAY_TYPES = new Set(['*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json']);
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

export function negotiate(accept: string | undefined): Representation {
  if (accept === undefined || accept.trim() === '') return { single: false, stripNulls: false };
  for (const entry of accept.split(',')) {
    const [type = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === OBJECT_TYPE) return { single: true, stripNulls };
    if (ARRAY_TYPES.has(type))
      return { single: false, stripNulls: stripNulls && type === 'application/vnd.pgrst.array+json' };
  }
  throw restErrors.mediaType(406, accept);
}

/** Only the `public` schema exists. */
export function checkProfile(profile: string | string[] | undefined): void {
  if (profile === undefined) return;
  const value = Array.isArray(profile) ? profile.join(',') : profile;
  if (value.trim() !== 'public') throw restErrors.schema();
}

/** Bodies are JSON: anything else declared (text/plain, csv, forms) is 415, as PostgREST answers it. */
export function checkJsonContentType(contentType: string | undefined): void {
  if (contentType === undefined) return;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !/^application\/[\w.+-]*\+json$/.test(type)) throw restErrors.mediaType(415, type);
}

/** `Range: 0-9` (items); a header that does not parse is ignored, as HTTP allows. */
export function parseRange(header: string | undefined): { offset: number; limit: number | null } | null {
  const match = header === undefined ? null : /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!match?.[1]) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  if (!Number.isSafeInteger(from) || (to !== null && (!Number.isSafeInteger(to) || to < from))) return null;
  return { offset: from, limit: to === null ? null : to - from + 1 };
}

/** `0-9/42`, `*\/0` for no rows; the total is `*` unless a count was asked for. */
export function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows > 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/**
 * `Sprout-Echo: none` on a write: the writer's own session gets no change event for it (the realtime
 * hub leaves that session's sockets out, docs/sync.md [S21]), since the write's answer already told it
 * everything. `all`, or no header, is the default: every socket of the user hears of the write.
 */
export function parseEcho(header: string | string[] | undefined): 'all' | 'none' {
  if (header === undefined) return 'all';
  const value = (Array.isArray(header) ? header.join(',') : header).trim().toLowerCase();
  if (value === 'none' || value === 'all') return value;
  throw restErrors.invalidEcho(value);
}

/** Why a write replaces a note's content, as a push states it for its history (migration 013). */
export type HistoryReason = StatedHistoryReason;

const HISTORY_MARK = /^(ai|conflict)=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * `Sprout-History: ai=<id>, conflict=<id>` on a write: the notes of the request whose content it replaces
 * for a reason the server cannot see (an assistant's result applied, a conflict resolved), so that their
 * history keeps the version replaced. No header names none. Returns note id → reason.
 */
export function parseHistoryMarks(header: string | string[] | undefined): Map<string, HistoryReason> {
  const marks = new Map<string, HistoryReason>();
  if (header === undefined) return marks;
  const value = Array.isArray(header) ? header.join(',') : header;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > HISTORY_MARKS_MAX) throw restErrors.invalidHistory(value);
  for (const part of parts) {
    const match = HISTORY_MARK.exec(part);
    if (!match) throw restErrors.invalidHistory(value);
    marks.set(match[2]!.toLowerCase(), match[1]!.toLowerCase() as HistoryReason);
  }
  return marks;
}

/**
 * `Sprout-Horizon: purged` on a read: the answer states this user's purge horizon in
 * `Sprout-Purged-Through`, the highest revision of their tombstones the server has purged (0 for none),
 * read in the same statement as the rows (docs/sync.md [S10]). No header asks nothing.
 */
export function parseHorizon(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const value = (Array.isArray(header) ? header.join(',') : header).trim().toLowerCase();
  if (value === 'purged') return true;
  throw restErrors.invalidHorizon(value);
}
