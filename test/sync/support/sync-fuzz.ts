// Seeded property test of the sync rules: random command sequences over three devices of one user
// (writes, moves to the Trash and back, deletions for good, offline/online, reloads, lost answers), then
// every device syncs until quiet. Invariants:
// server and devices agree, and every confirmed write is present or was superseded by a later write
// made on top of it. The seed comes from SYNC_FUZZ_SEED or is random, and is printed on failure.
import fc from 'fast-check';
import { expect } from 'vitest';
import { CONFLICT_COPY_SUFFIX } from '#core/sync-rules';
import type { LocalNote } from '#core/sync-rules';
import { toNoteView } from '../../../client/src/data/notes/local-note';
import { RemoteError } from '../../../client/src/data/notes/remote-notes';
import { byId, comparable, type Comparable, type TestDevice } from './device';
import type { SyncWorld } from './sync-scenarios';

export const DEVICES = 3;

export type Command =
  | { t: 'create'; d: number; checklist: boolean }
  | { t: 'edit'; d: number; pick: number }
  | { t: 'toggle'; d: number; pick: number; item: number }
  | { t: 'delete'; d: number; pick: number }
  | { t: 'restore'; d: number; pick: number }
  | { t: 'deleteForever'; d: number; pick: number }
  | { t: 'offline'; d: number }
  | { t: 'online'; d: number }
  | { t: 'sync'; d: number }
  | { t: 'pull'; d: number }
  | { t: 'editDuringSync'; d: number; pick: number; delay: number }
  | { t: 'reload'; d: number }
  | { t: 'crash'; d: number };

const device = fc.integer({ min: 0, max: DEVICES - 1 });
const pick = fc.nat({ max: 20 });

export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('create' as const), d: device, checklist: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('edit' as const), d: device, pick }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant('toggle' as const), d: device, pick, item: fc.nat({ max: 2 }) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('delete' as const), d: device, pick }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('restore' as const), d: device, pick }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('deleteForever' as const), d: device, pick }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('offline' as const), d: device }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('online' as const), d: device }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('sync' as const), d: device }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant('pull' as const), d: device }), weight: 1 },
  {
    arbitrary: fc.record({ t: fc.constant('editDuringSync' as const), d: device, pick, delay: fc.nat({ max: 8 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ t: fc.constant('reload' as const), d: device }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('crash' as const), d: device }), weight: 2 },
);

/** The user-visible content of a note, a conflict copy's title mark removed: what "present" means. */
export function contentKey(note: Comparable): string {
  let title = note.title;
  while (title.endsWith(CONFLICT_COPY_SUFFIX)) title = title.slice(0, -CONFLICT_COPY_SUFFIX.length);
  const { id: _id, ...rest } = comparable({ ...note, title });
  return JSON.stringify(rest);
}

/** What the writes have promised: every confirmed content, and the contents later writes replaced. */
class Model {
  readonly confirmed = new Set<string>();
  readonly superseded = new Set<string>();
}

/** A note of the lists, or of the Trash [S29], as the screens offer them. */
async function pickNote(d: TestDevice, index: number, where: 'lists' | 'trash'): Promise<LocalNote | undefined> {
  const notes = byId(await d.live()).filter((note) => (where === 'trash') === (note.trashed_at !== null));
  return notes.length === 0 ? undefined : notes[index % notes.length];
}

let tokens = 0;

async function apply(command: Command, devices: TestDevice[], model: Model): Promise<void> {
  const d = devices[command.d]!;
  switch (command.t) {
    case 'create': {
      const token = ++tokens;
      const { note } = await d.repo.createNote({
        title: `t${token}`,
        content: `c${token}`,
        is_checklist: command.checklist,
        checklist_items: command.checklist
          ? [0, 1, 2].map((i) => ({ id: `i${i}`, text: `item ${i}`, completed: false }))
          : null,
      });
      // What was written, as the write returned it (a concurrent sync may move it on at once).
      model.confirmed.add(contentKey(note));
      return;
    }
    case 'restore':
    case 'deleteForever': {
      const target = await pickNote(d, command.pick, 'trash');
      if (!target) return;
      const basedOn = toNoteView(target);
      model.superseded.add(contentKey(target));
      if (command.t === 'deleteForever') {
        await d.repo.deleteForever(target.id, { basedOn });
        return;
      }
      const result = await d.repo.restoreNote(target.id, { basedOn });
      const restored = await d.note(target.id);
      if (result.status === 'done' && restored) model.confirmed.add(contentKey(restored));
      return;
    }
    case 'edit':
    case 'toggle':
    case 'delete': {
      const target = await pickNote(d, command.pick, 'lists');
      if (!target) return;
      const before = contentKey(target);
      // The screen passes back the version it showed, as the app's screens do [S20].
      const basedOn = toNoteView(target);
      if (command.t === 'delete') {
        await d.repo.deleteNote(target.id, { basedOn });
        model.superseded.add(before);
        return;
      }
      if (command.t === 'toggle' && !target.checklist_items?.length) return;
      const patch =
        command.t === 'edit'
          ? { content: `c${++tokens}` }
          : {
              checklist_items: target.checklist_items!.map((item, i) =>
                i === command.item % target.checklist_items!.length ? { ...item, completed: !item.completed } : item,
              ),
            };
      const { note } = await d.repo.updateNote(target.id, patch, { basedOn });
      model.superseded.add(before);
      // What was written, as the write returned it (a concurrent sync may move it on at once).
      model.confirmed.add(contentKey(note));
      return;
    }
    case 'offline':
      d.offline = true;
      return;
    case 'online':
      d.offline = false;
      return;
    case 'sync':
      await d.trySync();
      return;
    case 'pull':
      // A pull alone, as when a run's push failed after others wrote: pending notes meet new revisions.
      await d.engine.pull().catch((error: unknown) => ignoreNetwork(error));
      return;
    case 'editDuringSync':
      // A write while a run is in flight (the user keeps typing): both must survive. The delay moves
      // the write to different points of the run.
      await Promise.all([
        d.trySync(),
        (async () => {
          for (let i = 0; i < command.delay; i++) await new Promise((resolve) => setTimeout(resolve, 0));
          await apply({ t: 'edit', d: command.d, pick: command.pick }, devices, model);
        })(),
      ]);
      return;
    case 'reload':
      d.reload();
      return;
    case 'crash':
      // The next push reaches the server but its answer is lost; the client retries later.
      d.remote.loseNextAnswers = 1;
      await d.trySync();
      d.remote.loseNextAnswers = 0;
      return;
  }
}

function ignoreNetwork(error: unknown): void {
  if (!(error instanceof RemoteError && error.kind === 'network')) throw error;
}

async function settle(devices: TestDevice[]): Promise<void> {
  for (const d of devices) {
    d.offline = false;
    d.remote.loseNextAnswers = 0;
  }
  for (let round = 0; round < 8; round++) {
    let quiet = true;
    for (const d of devices) {
      const report = await d.sync();
      if (report.pushed > 0 || report.pulled > 0 || report.conflicts > 0) quiet = false;
    }
    if (quiet) return;
  }
  throw new Error('sync did not become quiet within 8 rounds');
}

async function check(world: SyncWorld, devices: TestDevice[], model: Model): Promise<void> {
  const server = byId((await world.serverRows()).filter((row) => row.deleted_at === null));
  for (const d of devices) {
    expect(byId(await d.live()).map(comparable), `device ${d.name} agrees with the server`).toEqual(
      server.map(comparable),
    );
    expect(
      (await d.all()).filter((n) => n.sync_state !== 'synced'),
      `device ${d.name} has nothing unsynced`,
    ).toEqual([]);
  }
  const present = new Set(server.map(contentKey));
  const lost = [...model.confirmed].filter((key) => !present.has(key) && !model.superseded.has(key));
  expect(lost, 'confirmed writes neither present nor superseded').toEqual([]);
}

export interface FuzzOptions {
  numRuns: number;
  maxCommands: number;
}

function envNumber(name: string): number | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const raw = env?.[name];
  return raw && /^-?\d+$/.test(raw) ? Number(raw) : undefined;
}

/** One sequence on fresh devices, then settle and check; also replays a printed counterexample. */
export async function runCommands(makeWorld: () => Promise<SyncWorld>, commands: readonly Command[]): Promise<void> {
  const world = await makeWorld();
  try {
    const devices: TestDevice[] = [];
    for (let i = 0; i < DEVICES; i++) devices.push(await world.device(`d${i}`));
    const model = new Model();
    for (const command of commands) await apply(command, devices, model);
    await settle(devices);
    await check(world, devices, model);
  } finally {
    await world.dispose();
  }
}

/** Runs the property; throws (with the seed in the message) when a sequence breaks an invariant. */
export async function runSyncFuzz(makeWorld: () => Promise<SyncWorld>, options: FuzzOptions): Promise<void> {
  const seed = envNumber('SYNC_FUZZ_SEED') ?? Math.floor(Math.random() * 2 ** 31);
  const numRuns = envNumber('SYNC_FUZZ_RUNS') ?? options.numRuns;
  const property = fc.asyncProperty(
    fc.array(commandArb, { minLength: 1, maxLength: options.maxCommands, size: 'max' }),
    (commands) => runCommands(makeWorld, commands),
  );
  try {
    await fc.assert(property, { numRuns, seed, verbose: 1 });
  } catch (error) {
    console.info(`Sync fuzz failed. Replay with SYNC_FUZZ_SEED=${seed}`);
    throw error;
  }
}
