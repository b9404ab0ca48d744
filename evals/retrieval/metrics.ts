// The retrieval evaluation's scoring, pure: where a question's notes rank (recall@k, reciprocal rank), the
// fused ranking the app shows, and what an answer from the notes did (a correct note cited, citations to
// notes it was not given, a refusal). No I/O.

/** Reciprocal rank fusion's constant, as the app's (client/src/data/meaning-search/fuse-results.ts). */
export const RRF_K = 60;
/** The least cosine a meaning match needs to be fused in, as the app's MEANING_FLOOR. */
export const MEANING_FLOOR = 0.3;

/** The 1-based rank of the first of `targets` in `ranking`, or null when none is in it. */
export function firstRank(ranking: readonly string[], targets: readonly string[]): number | null {
  const at = ranking.findIndex((id) => targets.includes(id));
  return at === -1 ? null : at + 1;
}

/** The share of `targets` among the first `k` of `ranking` (1 for a single target found there). */
export function recallAt(k: number, ranking: readonly string[], targets: readonly string[]): number {
  if (targets.length === 0) throw new RangeError('recall is defined for a question with a target');
  const head = new Set(ranking.slice(0, k));
  return targets.filter((id) => head.has(id)).length / targets.length;
}

/** 1 / the rank of the first target, 0 when no target is ranked. */
export function reciprocalRank(ranking: readonly string[], targets: readonly string[]): number {
  const rank = firstRank(ranking, targets);
  return rank === null ? 0 : 1 / rank;
}

export const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

export interface ScoredMatch {
  id: string;
  score: number;
}

/**
 * The app's fused ranking (mirrors fuseResults of client/src/data/meaning-search/fuse-results.ts, which the
 * evals may not import): each note scores 1 / (k + rank) in each list it is in, meaning matches below
 * `floor` left out and ranked without the gaps they leave; the notes the word search found go first, in
 * fused order, then the notes found by meaning alone. Ties keep the word order, then the meaning order.
 */
export function fuse(
  lexical: readonly string[],
  meaning: readonly ScoredMatch[],
  { floor = MEANING_FLOOR, k = RRF_K }: { floor?: number; k?: number } = {},
): string[] {
  const fused = new Map<string, { words: boolean; meant: boolean; score: number; order: number }>();
  lexical.forEach((id, index) => {
    if (!fused.has(id)) fused.set(id, { words: true, meant: false, score: 1 / (k + index + 1), order: index });
  });
  let rank = 0;
  for (const hit of meaning) {
    if (hit.score < floor) continue;
    rank += 1;
    const known = fused.get(hit.id);
    if (known?.meant) continue;
    if (known) {
      known.meant = true;
      known.score += 1 / (k + rank);
    } else fused.set(hit.id, { words: false, meant: true, score: 1 / (k + rank), order: lexical.length + rank });
  }
  return [...fused]
    .sort(([, a], [, b]) => Number(b.words) - Number(a.words) || b.score - a.score || a.order - b.order)
    .map(([id]) => id);
}

/**
 * Whether an answer declines: no sources, and the server's 'nothing found' answer (ask.ts's
 * NOTHING_FOUND_ANSWER) or a model saying, as the prompt tells it to, that the notes do not say.
 */
export function isRefusal(answer: { text: string; sources: readonly unknown[] }): boolean {
  if (answer.sources.length > 0) return false;
  return /couldn.t find anything|(notes?|they) (do not|don.t|does not|doesn.t) (say|mention|contain|cover)|no (information|mention|notes?) (about|on|of)|(can.t|cannot|could not|couldn.t) find/i.test(
    answer.text,
  );
}

export interface AnswerScore {
  /** At least one cited note answers the question. */
  citesCorrect: boolean;
  /** Citations of notes outside the set, or of notes the search for the question did not return. */
  unsupportedCitations: number;
  refused: boolean;
}

/**
 * What an answer did: `cited` are the answer's sources as set ids (null for a note the set does not hold),
 * `retrieved` the set ids the meaning search returned for the same question.
 */
export function scoreAnswer(
  answer: { text: string; cited: readonly (string | null)[] },
  targets: readonly string[],
  retrieved: readonly string[],
): AnswerScore {
  return {
    citesCorrect: answer.cited.some((id) => id !== null && targets.includes(id)),
    unsupportedCitations: answer.cited.filter((id) => id === null || !retrieved.includes(id)).length,
    refused: isRefusal({ text: answer.text, sources: answer.cited }),
  };
}
