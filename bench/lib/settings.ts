// Rounds and durations, the same for every group: BENCH_ROUNDS and BENCH_SECONDS override them (e.g. a
// longer run on a quiet machine); the smoke run uses its own small values.
export interface Settings {
  rounds: number;
  /** Length of one load step, seconds. */
  seconds: number;
}

export function settings(smoke: boolean, defaults: Settings = { rounds: 3, seconds: 6 }): Settings {
  if (smoke) return { rounds: 2, seconds: 2 };
  return {
    rounds: Number(process.env.BENCH_ROUNDS) || defaults.rounds,
    seconds: Number(process.env.BENCH_SECONDS) || defaults.seconds,
  };
}
