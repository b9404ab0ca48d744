// The PostgREST-compatible /rest/v1: table `notes` only (select, filters, order, limit/offset, insert,
// upsert, update, delete as a move to the Trash), every request authenticated (the kernel's hook, before
// the body is read: nothing here is open to the anon key) and scoped to the caller's rows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { isDatabaseError, postgrestErrors, RestError } from '../http/errors/postgrest-errors';
import type { Caller } from '../identity/authenticate';
import {
  insertNotes,
  isWholeRow,
  selectNotesJson,
  trashNotes,
  updateNotes,
  writerSettings,
  type Returning,
  type WrittenRow,
} from './commands';
import { restErrors, TABLE } from './errors';
import {
  checkJsonContentType,
  checkProfile,
  contentRange,
  negotiate,
  parseEcho,
  parseHistoryMarks,
  parseHorizon,
  type HistoryReason,
  parseRange,
  type Representation,
} from './headers';
import { parsePrefer, type Preferences } from './prefer';
import { presentConflictRow, presentNote, selectedColumns, wireFields } from './presenters';
import { parseQuery, type ParsedQuery } from './query-parser';
import { wireRowFromJson } from './table-row-json';
import { parseInsertBody, parsePatchBody } from './write-body';

/** The surface's error mapper: PostgREST's shape, with a conflict's current row in the caller's wire shape. */
export const restErrorMapper = postgrestErrors({ table: TABLE, presentConflict: presentConflictRow });

interface Prepared {
  caller: Caller;
  query: ParsedQuery;
  prefs: Preferences;
  accept: Representation;
  /** `Sprout-Echo: none`: the write's change hints skip the caller's own session. */
  quiet: boolean;
  /** `Sprout-History`: notes whose replaced content their history keeps, and why (migration 013). */
  history: Map<string, HistoryReason>;
}

export async function restRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { asUser } = ctx;
  const { write: maxWrites, writeWindowMs } = ctx.config.rateLimits;

  // Rows of one user: never kept by a browser's or a proxy's cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // Writes per user (RATE_LIMIT_WRITE per RATE_LIMIT_WRITE_WINDOW_MS), one counter across POST, PATCH and
  // DELETE: one account cannot flood the database for the others. A route-level hook, so it runs after the
  // kernel's authentication hook and is keyed by the user.
  const writeLimit = app.rateLimit({
    max: maxWrites,
    timeWindow: writeWindowMs,
    keyGenerator: (request: FastifyRequest) => `rest-write:${callerOf(request).userId}`,
  });

  // Thrown, so the surface's error mapper answers (after the authentication hook has run).
  app.setNotFoundHandler(async (request) => {
    const path = (request.url.split('?')[0] ?? '').replace(/^\/rest\/v1\/?/, '').replace(/\/$/, '');
    if (path === 'notes') throw restErrors.unsupportedMethod(request.method);
    if (path === '' || path.includes('/'))
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    throw restErrors.tableNotFound(decodeURIComponentSafe(path));
  });

  app.all('/rpc/:name', async (request) => {
    const { name } = request.params as { name: string };
    throw restErrors.functionNotFound(name);
  });

  const prepare = (request: FastifyRequest): Prepared => {
    const caller = callerOf(request);
    const reading = request.method === 'GET' || request.method === 'HEAD';
    checkProfile(request.headers[reading ? 'accept-profile' : 'content-profile']);
    if (request.method === 'POST' || request.method === 'PATCH') checkJsonContentType(request.headers['content-type']);
    const prefs = parsePrefer(request.headers.prefer);
    if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw restErrors.invalidPreferences(prefs.invalid);
    const query = parseQuery(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
    const quiet = !reading && parseEcho(request.headers['sprout-echo']) === 'none';
    const history = reading ? new Map<string, HistoryReason>() : parseHistoryMarks(request.headers['sprout-history']);
    return { caller, query, prefs, accept: negotiate(request.headers.accept), quiet, history };
  };

  /**
   * A write's statements, in one transaction as the caller (asUser) that names its writer's session: for
   * the history (migration 013) and, with `Sprout-Echo: none`, the change hints.
   */
  const write = <T>({ caller, quiet, history }: Prepared, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
    asUser.transaction(caller.userId, work, writerSettings({ sessionId: caller.sessionId, quiet, history }));

  app.get('/notes', async (request, reply) => {
    const { caller, query, prefs, accept } = prepare(request);
    const range = query.limit === null && query.offset === null ? parseRange(request.headers.range) : null;
    const offset = query.offset ?? range?.offset ?? 0;
    const limit = query.limit ?? range?.limit ?? null;
    const horizon = parseHorizon(request.headers['sprout-horizon']);
    const read = {
      filters: query.filters,
      order: query.order,
      limit,
      offset: offset > 0 ? offset : null,
      count: prefs.count !== null,
      horizon,
    };
    const page = await asUser.statements(caller.userId, (db) =>
      selectNotesJson(db, caller.userId, read, wireFields(query.select), accept.stripNulls),
    );
    const { rows, total } = page;
    if (total !== null && offset > total) throw restErrors.range(offset, total);
    if (accept.single && rows !== 1) throw restErrors.singular(rows);
    reply.header('Content-Range', contentRange(offset, rows, total));
    if (page.purgedThrough !== null) reply.header('Sprout-Purged-Through', String(page.purgedThrough));
    applied(reply, prefs);
    // A page of a known, larger total is partial content, as PostgREST answers it.
    reply.code(total !== null && rows < total ? 206 : 200);
    if (accept.single) return reply.type(OBJECT_TYPE).send(page.body.slice(1, -1));
    return reply.type(ARRAY_TYPE).send(page.body);
  });

  app.post('/notes', { onRequest: writeLimit }, async (request, reply) => {
    const prepared = prepare(request);
    const { caller, query, prefs, accept } = prepared;
    const input = parseInsertBody(request.body, {
      columns: query.columns,
      missingDefault: prefs.missing === 'default',
      userId: caller.userId,
    });
    const representation = prefs.return === 'representation';
    // In a transaction, so that a batch checked after the insert rolls back whole.
    const rows = await write(prepared, async (trx) => {
      if (input.rows.length === 0) return [];
      // NOTES_QUOTA is the insert trigger's to enforce (migration 009): it refuses the whole statement.
      const rows = await insertNotes(trx, caller.userId, input, prefs.resolution, returning(prepared)).catch(
        (error: unknown) => {
          throw isDatabaseError(error) && error.code === 'PT429'
            ? restErrors.quotaExceeded(ctx.config.notesQuota)
            : error;
        },
      );
      // A merge skips only rows whose id belongs to another user: refuse, and roll the batch back.
      if (prefs.resolution === 'merge-duplicates' && rows.length !== input.rows.length)
        throw restErrors.rowLevelSecurity();
      if (representation && accept.single && rows.length !== 1) throw restErrors.singular(rows.length);
      return rows;
    });
    reply.code(201).header('Content-Range', `*/${prefs.count ? rows.length : '*'}`);
    applied(reply, prefs);
    if (prefs.return === 'headers-only' && rows.length === 1)
      reply.header('Location', `/notes?id=eq.${String(rows[0]?.id)}`);
    if (!representation) return reply.send();
    return sendRows(reply, rows, query, accept);
  });

  app.patch('/notes', { onRequest: writeLimit }, async (request, reply) => {
    const prepared = prepare(request);
    const { caller, query, prefs, accept } = prepared;
    requireFilters(query, 'UPDATE');
    const set = parsePatchBody(request.body, caller.userId);
    const representation = prefs.return === 'representation';
    const rows = await write(prepared, async (trx) => {
      // An empty body changes nothing (and must not bump revisions).
      if (Object.keys(set).length === 0) return [];
      const rows = await updateNotes(trx, caller.userId, set, query.filters, returning(prepared));
      return checkAffected(rows, prefs, representation && accept.single);
    });
    return sendMutation(reply, rows, query, prefs, accept);
  });

  app.delete('/notes', { onRequest: writeLimit }, async (request, reply) => {
    const prepared = prepare(request);
    const { caller, query, prefs, accept } = prepared;
    requireFilters(query, 'DELETE');
    const representation = prefs.return === 'representation';
    const rows = await write(prepared, async (trx) => {
      const rows = await trashNotes(trx, caller.userId, query.filters, returning(prepared));
      return checkAffected(rows, prefs, representation && accept.single);
    });
    return sendMutation(reply, rows, query, prefs, accept);
  });
}

/** What a write returns: its ids, or what the answer shows (as the database's JSON when it is the whole row). */
function returning({ prefs, query, accept }: Prepared): Returning {
  if (prefs.return !== 'representation') return ['id'];
  return isWholeRow(wireFields(query.select), accept.stripNulls) ? 'wire-json' : selectedColumns(query.select);
}

function requireFilters(query: ParsedQuery, verb: 'UPDATE' | 'DELETE'): void {
  if (query.filters.length === 0) throw restErrors.missingWhere(verb);
  // PostgREST limits writes only in combination with an order on a unique key; refuse rather than ignore.
  if (query.limit !== null || query.offset !== null) {
    throw restErrors.notImplemented(
      `limit and offset are not supported on ${verb === 'UPDATE' ? 'PATCH' : 'DELETE'}`,
      'Filter by id instead.',
    );
  }
}

/** Enforces `Prefer: max-affected` (with handling=strict) and `.single()` before the transaction commits. */
function checkAffected(rows: WrittenRow[], prefs: Preferences, single: boolean): WrittenRow[] {
  if (prefs.handling === 'strict' && prefs.maxAffected !== null && rows.length > prefs.maxAffected)
    throw restErrors.maxAffected(rows.length);
  if (single && rows.length !== 1) throw restErrors.singular(rows.length);
  return rows;
}

function sendMutation(
  reply: FastifyReply,
  rows: WrittenRow[],
  query: ParsedQuery,
  prefs: Preferences,
  accept: Representation,
) {
  reply.header('Content-Range', contentRange(0, rows.length, prefs.count ? rows.length : null));
  applied(reply, prefs);
  if (prefs.return !== 'representation') return reply.code(204).send();
  reply.code(200);
  return sendRows(reply, rows, query, accept);
}

const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const ARRAY_TYPE = 'application/json; charset=utf-8';

function sendRows(reply: FastifyReply, rows: WrittenRow[], query: ParsedQuery, accept: Representation) {
  const text = (row: WrittenRow) =>
    row.wire_json === undefined
      ? JSON.stringify(presentNote(row, query.select, accept.stripNulls))
      : wireRowFromJson(row.wire_json);
  if (accept.single) return reply.type(OBJECT_TYPE).send(text(rows[0] ?? {}));
  return reply.type(ARRAY_TYPE).send(`[${rows.map(text).join(',')}]`);
}

function applied(reply: FastifyReply, prefs: Preferences): void {
  if (prefs.applied.length > 0) reply.header('Preference-Applied', prefs.applied.join(', '));
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
