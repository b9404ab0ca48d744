// RemoteNotes over the server's PostgREST-compatible /rest/v1/notes, through postgrest-js (the app's
// REST client, or a whole supabase-js client, which has the same `from` and `auth`). The upsert and the
// reads are sent with the table builder's own URL, headers and fetch, but not through its query methods
// (see upsert and pull for why).
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { NoteRow, NoteWritable } from '#core/note';
// Not #core/note: that module defines the schemas, and zod would load with the sync (server-row.ts).
import { NOTE_COLUMNS } from '#core/note-fields';
import { readServerRow, readServerRows } from './server-row';
import { HISTORY_MARKS_MAX } from '#core/history';
import { kindForStatus, RemoteError, type HistoryMarks, type PulledPage, type RemoteNotes } from './remote-notes';

const COLUMNS = NOTE_COLUMNS.join(',');
const REQUEST_TIMEOUT_MS = 30_000;

interface PostgrestErrorLike {
  message: string;
  code?: string;
  details?: string | null;
}

/** What the remote uses: PostgREST queries, and the auth client to check whose session it is. */
export interface NotesClient {
  from: PostgrestClient['from'];
  auth: { getSession(): Promise<{ data: { session: { user: { id: string }; access_token: string } | null } }> };
}

export interface SupabaseRemoteOptions {
  /** Reports rows the server sent that could not be read (they are skipped). */
  warn?: (message: string) => void;
  timeoutMs?: number;
}

/**
 * The Sprout-History header of an upsert (docs/api.md): the marked notes among the rows sent, at most
 * the server's limit (any past it are left to the server's own rules: docs/history.md).
 */
export function historyHeader(rows: readonly NoteWritable[], history: HistoryMarks | undefined): string | null {
  if (!history || history.size === 0) return null;
  const marks = rows
    .filter((row) => history.has(row.id))
    .slice(0, HISTORY_MARKS_MAX)
    .map((row) => `${history.get(row.id)}=${row.id}`);
  return marks.length > 0 ? marks.join(', ') : null;
}

export class SupabaseRemote implements RemoteNotes {
  private readonly warn: (message: string) => void;
  private readonly timeoutMs: number;

  constructor(
    private readonly client: NotesClient,
    private readonly userId: string,
    options: SupabaseRemoteOptions = {},
  ) {
    this.warn = options.warn ?? ((message) => console.warn(message));
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  async upsert(rows: readonly NoteWritable[], history?: HistoryMarks): Promise<NoteRow[]> {
    const authorization = await this.sessionAuthorization();
    // ARCHITECTURE 9.1: only the session user's rows are ever sent.
    if (rows.some((row) => row.user_id !== this.userId))
      throw new RemoteError('rejected', 'A note of another user cannot be pushed');
    // The request postgrest-js's upsert(rows, { onConflict: 'id' }).select(COLUMNS) makes, made here:
    // that upsert lists the columns by concatenating every row's keys onto the list so far, quadratic in
    // the rows. toWire gives each row the same keys; their union is read in one pass.
    const table = this.client.from('notes');
    const url = new URL(table.url.href);
    url.searchParams.set('on_conflict', 'id');
    url.searchParams.set(
      'columns',
      [...new Set(rows.flatMap((row) => Object.keys(row)))].map((column) => `"${column}"`).join(','),
    );
    url.searchParams.set('select', COLUMNS);
    const headers = new Headers(table.headers);
    headers.set('Content-Type', 'application/json');
    headers.set('Prefer', 'resolution=merge-duplicates,return=representation');
    headers.set('Authorization', authorization);
    // This device learns the rows from the answer: its own sockets need no change event for them [S21].
    headers.set('Sprout-Echo', 'none');
    const marks = historyHeader(rows, history);
    if (marks) headers.set('Sprout-History', marks);
    const { data } = await this.send(table, url, { method: 'POST', headers, body: JSON.stringify(rows) });
    return this.readRows(data);
  }

  pullChanges(afterRevision: number, limit: number, beforeRevision?: number): Promise<PulledPage> {
    return this.pull(afterRevision, limit, false, beforeRevision);
  }

  pullLive(afterRevision: number, limit: number): Promise<PulledPage> {
    return this.pull(afterRevision, limit, true);
  }

  /**
   * The read postgrest-js's select(COLUMNS).eq('user_id', ...).gt('revision', ...)...order().limit()
   * makes, made here with the same URL, headers and fetch, because its answer's headers are needed: the
   * server states its purge horizon beside the rows when asked (`Sprout-Horizon: purged`, [S10]).
   */
  private async pull(
    afterRevision: number,
    limit: number,
    liveOnly: boolean,
    beforeRevision?: number,
  ): Promise<PulledPage> {
    // Another tab may have signed in as someone else (the session is shared): under that user's
    // token the server would answer "no notes", which a full resync would take for deletions.
    const authorization = await this.sessionAuthorization();
    const table = this.client.from('notes');
    const url = new URL(table.url.href);
    url.searchParams.set('select', COLUMNS);
    url.searchParams.append('user_id', `eq.${this.userId}`);
    url.searchParams.append('revision', `gt.${afterRevision}`);
    if (beforeRevision !== undefined) url.searchParams.append('revision', `lt.${beforeRevision}`);
    if (liveOnly) url.searchParams.append('deleted_at', 'is.null');
    url.searchParams.set('order', 'revision.asc');
    url.searchParams.set('limit', String(limit));
    const headers = new Headers(table.headers);
    headers.set('Authorization', authorization);
    headers.set('Sprout-Horizon', 'purged');
    const answer = await this.send(table, url, { method: 'GET', headers });
    return {
      rows: await this.readRows(answer.data),
      purgedThrough: readRevision(answer.headers.get('Sprout-Purged-Through')),
    };
  }

  /**
   * One request through the table builder's fetch (the engine has its own back-off: no retries here),
   * with a timeout; an answer that is not a success becomes a RemoteError, as postgrest-js would read it.
   */
  private async send(
    table: { fetch?: typeof fetch },
    url: URL,
    init: RequestInit,
  ): Promise<{ data: unknown; headers: Headers }> {
    let response: Response;
    let text: string;
    try {
      response = await (table.fetch ?? fetch)(url.href, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch (error) {
      // No answer (as postgrest-js reports it: status 0).
      const { name, message } = error instanceof Error ? error : { name: 'FetchError', message: String(error) };
      throw new RemoteError('network', `${name}: ${message}`, { status: 0 });
    }
    if (!response.ok) throw await toRemoteError(postgrestError(text), response.status);
    try {
      return { data: JSON.parse(text) as unknown, headers: response.headers };
    } catch {
      throw new RemoteError('server', 'The server sent no list of notes', { status: response.status });
    }
  }

  /**
   * The Authorization header of a request: the token of the session checked to be this user's [S17].
   * Sent with the request, so the request goes with the session checked (the client's own fetch would
   * ask for the session again: another lock and storage read per request, and, between the two, another
   * tab could have signed in as someone else).
   */
  private async sessionAuthorization(): Promise<string> {
    const { data } = await this.client.auth.getSession();
    if (!data.session || data.session.user.id !== this.userId)
      throw new RemoteError('auth', 'No session for this user');
    return `Bearer ${data.session.access_token}`;
  }

  /** The rows of an answer, without those that cannot be read (reported); synchronous when the quick check reads them all. */
  private readRows(data: unknown): NoteRow[] | Promise<NoteRow[]> {
    if (!Array.isArray(data)) throw new RemoteError('server', 'The server sent no list of notes');
    const read = readServerRows(data);
    return Array.isArray(read) ? this.usable(data, read) : read.then((rows) => this.usable(data, rows));
  }

  private usable(data: readonly unknown[], read: readonly (NoteRow | null)[]): NoteRow[] {
    const rows: NoteRow[] = [];
    for (const [i, row] of read.entries()) {
      if (row) rows.push(row);
      else this.warn(`Skipped a note the server sent that could not be read: ${JSON.stringify(data[i]).slice(0, 200)}`);
    }
    return rows;
  }
}

/** A revision a server states in a header; a missing or malformed one is 0 (nothing stated). */
function readRevision(header: string | null): number {
  const value = Number(header ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** An error answer's body as postgrest-js reads it: PostgREST's error object, or its text as the message. */
function postgrestError(text: string): PostgrestErrorLike {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && typeof (body as PostgrestErrorLike).message === 'string')
      return body as PostgrestErrorLike;
  } catch {
    // Not JSON.
  }
  return { message: text };
}

/**
 * A PostgREST error as a RemoteError; a 409 carries the current row from `details` [S6]. Async because
 * that row may need the schema (server-row.ts); a failure to load it rejects, so that the run fails and
 * is retried rather than the conflict taken for a refusal.
 */
export async function toRemoteError(error: PostgrestErrorLike, status: number): Promise<RemoteError> {
  const kind = error.code === 'PT409' ? 'conflict' : kindForStatus(status);
  if (kind !== 'conflict') return new RemoteError(kind, error.message, { status });
  let details: unknown;
  try {
    details = JSON.parse(error.details ?? 'null');
  } catch {
    details = null;
  }
  const currentRow = await readServerRow(details);
  // A 409 without a readable current row cannot be resolved here: treat it as a refusal of the row.
  if (!currentRow) return new RemoteError('rejected', `${error.message} (no current row in the answer)`, { status });
  return new RemoteError('conflict', error.message, { status: 409, currentRow });
}
