// The push (docs/sync.md [S5]-[S9], [S13], [S24]-[S27]): the user's pending notes in rounds and batches,
// each batch's sent marks written before its request, its answer applied (or held for the pull's
// transaction), 409s resolved by the rules of core/sync-rules.ts, refused rows found one by one.
import type { NoteRow, NoteWritable } from '#core/note';
import { landedSpan } from '#core/sync-pull-plan';
import type { LocalChanges, LocalNote } from '#core/sync-rules';
import { acceptedChanges, planBatches, pushConflict, pushRejected } from '#core/sync-rules';
import { RemoteError, type HistoryMarks, type RemoteNotes } from '../remote-notes';
import { checkedRows } from './push-check';
import type { Accepted, SyncDeps, SyncRun } from './sync-run';

/** Push rounds per run: conflict copies, merged and rebased notes are pushed again in the same run. */
export const MAX_PUSH_ROUNDS = 5;

/**
 * Pushes the user's pending notes in up to `rounds` rounds: a round pushes again what the one before
 * turned into new pending work (a conflict copy, a note rebased or edited while it was sent). With `hold`,
 * the accepted answer of the last request is returned unwritten, for the pull's transaction [S25]; null
 * when there is none (nothing was sent, or the last request was not accepted as a whole).
 */
export async function pushPending(
  deps: SyncDeps,
  run: SyncRun,
  rounds: number,
  hold: boolean,
): Promise<Accepted | null> {
  const attempted = new Set<string>();
  let held: Accepted | null = null;
  for (let round = 0; round < rounds; round++) {
    const next = await nextBatches(deps, run, attempted);
    if (next === null) break;
    const lastRound = round === rounds - 1;
    for (const [i, batch] of next.batches.entries()) {
      held = await sendBatch(deps, run, batch, next.history, hold && lastRound && i === next.batches.length - 1);
    }
  }
  return held;
}

/**
 * A round's batches [S5]: the pending notes of the user not yet sent in this run as they are now (a note
 * goes again only once its mutation or base changed), checked first: those the schema refuses are put in
 * the error state unsent [S13]. Null when no note is left.
 */
async function nextBatches(
  deps: SyncDeps,
  run: SyncRun,
  attempted: Set<string>,
): Promise<{ batches: NoteWritable[][]; history: HistoryMarks } | null> {
  const pending = (await deps.local.listPending(deps.userId)).filter(
    (note) => note.user_id === deps.userId && note.mutation_id !== null && !attempted.has(attemptKey(note)),
  );
  if (pending.length === 0) return null;
  for (const note of pending) attempted.add(attemptKey(note));
  const { rows, invalid } = await checkedRows(pending);
  if (invalid.length > 0)
    await reject(
      deps,
      run,
      invalid.map(({ note, message }) => ({ id: note.id, mutationId: note.mutation_id, message })),
    );
  // Why some of them replace their note's content, for the server's history (docs/history.md).
  const history = new Map(
    pending.flatMap((note) => (note.history_reason ? [[note.id, note.history_reason] as const] : [])),
  );
  return { batches: planBatches(rows, deps.batchMaxRows, deps.batchMaxBytes), history };
}

function attemptKey(note: LocalNote): string {
  return `${note.id}:${note.mutation_id ?? ''}:${note.base_revision ?? 'new'}`;
}

/**
 * Sends one batch: its sent marks are written before the request [S24], then it is sent until every row
 * is answered. A 409 names its row, which is resolved [S6]-[S8] and the rest sent again; a refusal that
 * names no row sends the rows one by one, so that only the refused one is put in the error state [S27].
 * With `hold`, an accepted answer is returned unwritten [S25]; otherwise it is written here.
 */
async function sendBatch(
  deps: SyncDeps,
  run: SyncRun,
  batch: NoteWritable[],
  history: HistoryMarks,
  hold: boolean,
): Promise<Accepted | null> {
  await deps.local.markSent(
    deps.userId,
    batch.map((row) => ({ id: row.id, mutationId: row.last_mutation_id ?? '' })),
  );
  let rows = batch;
  while (rows.length > 0) {
    const answer = await send(deps.remote, rows, history);
    if (answer.kind === 'accepted') {
      run.report.pushed += rows.length;
      if (hold) return answer.accepted;
      await applyAccepted(deps, run, answer.accepted);
      return null;
    }
    if (answer.kind === 'conflict') {
      await applyConflict(deps, run, answer.row, answer.current);
      rows = rows.filter((row) => row !== answer.row);
    } else if (rows.length === 1) {
      await reject(
        deps,
        run,
        rows.map((row) => ({ id: row.id, mutationId: row.last_mutation_id, message: answer.message })),
      );
      return null;
    } else {
      // Which row was refused is unknown in a batch [S27].
      for (const row of rows) await sendAlone(deps, run, row, history);
      return null;
    }
  }
  return null;
}

/** A row of a refused batch, sent alone [S27] (its mark was written with the batch's). */
async function sendAlone(deps: SyncDeps, run: SyncRun, row: NoteWritable, history: HistoryMarks): Promise<void> {
  const answer = await send(deps.remote, [row], history);
  if (answer.kind === 'accepted') {
    run.report.pushed += 1;
    await applyAccepted(deps, run, answer.accepted);
  } else if (answer.kind === 'conflict') {
    await applyConflict(deps, run, row, answer.current);
  } else {
    await reject(deps, run, [{ id: row.id, mutationId: row.last_mutation_id, message: answer.message }]);
  }
}

type Answer =
  | { kind: 'accepted'; accepted: Accepted }
  | { kind: 'conflict'; row: NoteWritable; current: NoteRow }
  | { kind: 'refused'; message: string };

/** One upsert and what its answer means for the rows [S13]; an error that ends the run is thrown. */
async function send(remote: RemoteNotes, rows: NoteWritable[], history: HistoryMarks): Promise<Answer> {
  try {
    return { kind: 'accepted', accepted: { sent: rows, stored: await remote.upsert(rows, history) } };
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    const current = error.kind === 'conflict' ? error.currentRow : null;
    const row = current ? rows.find((r) => r.id === current.id) : undefined;
    if (row && current) return { kind: 'conflict', row, current };
    if (error.kind === 'rejected' || error.kind === 'conflict') return { kind: 'refused', message: error.message };
    throw error;
  }
}

/**
 * Writes an accepted upsert's answer [S5]. The run's landed spans take its revisions when every row sent
 * came back and had its local copy, so that the pull need not read them again [S26]; resolves with
 * whether they did.
 */
export async function applyAccepted(deps: SyncDeps, run: SyncRun, { sent, stored }: Accepted): Promise<boolean> {
  let complete = false;
  await deps.local.modify(
    sent.map((row) => row.id),
    (current) => {
      const accepted = acceptedChanges(sent, stored, current);
      complete = accepted.complete;
      return accepted.changes;
    },
    { pendingOf: deps.userId },
  );
  const span = complete ? landedSpan(stored) : null;
  if (span) run.landed.push(span);
  return span !== null;
}

/** A 409 on `sent`, with the server's current row [S6]-[S8]. */
async function applyConflict(deps: SyncDeps, run: SyncRun, sent: NoteWritable, currentRow: NoteRow): Promise<void> {
  const now = deps.now().toISOString();
  await deps.local.modify([sent.id], (current) => {
    const resolution = pushConflict(
      current.get(sent.id),
      sent.last_mutation_id ?? '',
      currentRow,
      { id: deps.makeId(), mutationId: deps.makeId(), now },
      deps.conflictRules,
    );
    if (resolution.outcome === 'duplicate') run.report.pushed += 1;
    if (resolution.outcome === 'conflict-copy') run.report.conflicts += 1;
    if (resolution.outcome === 'merged') run.report.merged += 1;
    return resolution.changes;
  });
}

/** Notes refused for good put in the error state, each unless it changed since it was sent [S13]. */
async function reject(
  deps: SyncDeps,
  run: SyncRun,
  refused: readonly { id: string; mutationId: string | null; message: string }[],
): Promise<void> {
  await deps.local.modify(
    refused.map(({ id }) => id),
    (current) =>
      merge(refused.map(({ id, mutationId, message }) => pushRejected(current.get(id), mutationId ?? '', message))),
  );
  run.report.rejected += refused.length;
}

function merge(all: readonly LocalChanges[]): LocalChanges {
  return { put: all.flatMap((c) => c.put), delete: all.flatMap((c) => c.delete) };
}
