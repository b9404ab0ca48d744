// Issue 32's count of conflict copies: the same generated sequences (one seed) run on the sync rules with
// merges [S33] and without (the rules before them), against the in-memory server. Every sequence keeps the
// fuzz's invariants either way (no text of a confirmed write lost); with merges, the share of sequences
// that end with a conflict copy must fall by at least 80 %. Run by `npm run test:adversarial`.
import { expect, it } from 'vitest';
import { memoryWorld } from './support/memory-world';
import { runSyncFuzz } from './support/sync-fuzz';

const SEQUENCES = 1000;
const SEED = 20261202;

async function sequencesWithCopies(merges: boolean): Promise<number> {
  let withCopies = 0;
  await runSyncFuzz(memoryWorld, {
    numRuns: SEQUENCES,
    maxCommands: 40,
    merges,
    seed: SEED,
    countedIds: true,
    onSequence: (copies) => {
      if (copies > 0) withCopies += 1;
    },
  });
  return withCopies;
}

it(`[S33] over ${SEQUENCES} sequences, merges cut the sequences that end with a conflict copy by at least 80 %`, async () => {
  const before = await sequencesWithCopies(false);
  const after = await sequencesWithCopies(true);
  console.info(`sequences ending with a conflict copy: ${before} without merges, ${after} with (seed ${SEED})`);
  expect(before).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(before * 0.2);
});
