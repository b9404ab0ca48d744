// What every figure group returns: one row per measure, beside its floor, and the pure arithmetic that
// turns rounds of samples into a row (median, spread, ratio). No I/O here, so it is unit-tested.

/** Which way a figure is good: a time or a size wants to be low, a rate or a score high. */
export type Better = 'lower' | 'higher';

export interface Row {
  /** The measure, as the table names it. */
  name: string;
  value: number;
  unit: string;
  /** What the figure stands beside; empty when it has none (e.g. a plain count). */
  floorName: string;
  floorValue: number | null;
  /** value / floorValue: a time 2x its floor is 2, a rate at 0.5x its floor is 0.5. */
  ratio: number | null;
  /** The goal, in words (from the issue), and whether this run meets it (null: no goal or not decidable). */
  goal: string;
  met: boolean | null;
  /** Range of the rounds, figure and floor: 'min-max (n rounds)'. */
  spread: string;
  /** For the smoke run: the ratio beyond which the row fails (generous: catches regressions, not noise). */
  smokeLimit?: { ratioAtMost?: number; ratioAtLeast?: number };
}

export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The q-quantile (0..1) by nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Rounds to a few significant digits, enough for a noisy measurement. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return Number(value.toFixed(digits));
}

function range(values: readonly number[]): string {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return 'n/a';
  if (finite.length === 1) return `${round(finite[0]!)}`;
  return `${round(Math.min(...finite))}-${round(Math.max(...finite))}`;
}

export interface RowInput {
  name: string;
  unit: string;
  /** One sample per round (the figure). */
  values: readonly number[];
  floorName?: string;
  floorValues?: readonly number[];
  better: Better;
  goal?: string;
  /** Decides the goal from the medians; omitted: no verdict. */
  meets?: (value: number, floor: number | null) => boolean;
  smokeLimit?: Row['smokeLimit'];
}

/** Medians of the rounds, their ratio and spread. */
export function toRow(input: RowInput): Row {
  const value = median(input.values);
  const floorValue = input.floorValues ? median(input.floorValues) : null;
  const ratio = floorValue !== null && floorValue !== 0 && Number.isFinite(floorValue) ? value / floorValue : null;
  const rounds = input.values.length;
  const spread = input.floorValues
    ? `${range(input.values)} / ${range(input.floorValues)} (${rounds} rounds)`
    : `${range(input.values)} (${rounds} rounds)`;
  return {
    name: input.name,
    value: round(value),
    unit: input.unit,
    floorName: input.floorName ?? '',
    floorValue: floorValue === null ? null : round(floorValue),
    ratio: ratio === null ? null : Number(ratio.toFixed(2)),
    goal: input.goal ?? '',
    met: input.meets && Number.isFinite(value) ? input.meets(value, floorValue) : null,
    spread,
    ...(input.smokeLimit ? { smokeLimit: input.smokeLimit } : {}),
  };
}

/** A smoke failure message for the row, or null when its ratio is within its limit (or it has none). */
export function smokeFailure(row: Row): string | null {
  const limit = row.smokeLimit;
  if (!limit) return null;
  if (row.ratio === null || !Number.isFinite(row.ratio)) return `${row.name}: no ratio measured`;
  if (limit.ratioAtMost !== undefined && row.ratio > limit.ratioAtMost) {
    return `${row.name}: ratio ${row.ratio} to ${row.floorName} is above ${limit.ratioAtMost}`;
  }
  if (limit.ratioAtLeast !== undefined && row.ratio < limit.ratioAtLeast) {
    return `${row.name}: ratio ${row.ratio} to ${row.floorName} is below ${limit.ratioAtLeast}`;
  }
  return null;
}

/**
 * Runs `rounds` rounds of every step, the steps interleaved (A B C, then B C A, ...) so that a change in
 * the machine's load falls on all of them alike; returns each step's samples in round order.
 */
export async function interleave<K extends string>(
  rounds: number,
  steps: Record<K, () => Promise<number>>,
): Promise<Record<K, number[]>> {
  const names = Object.keys(steps) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]!;
      samples[name].push(await steps[name]());
    }
  }
  return samples;
}
