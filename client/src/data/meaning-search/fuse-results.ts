// One ranking out of two (issue 34): the instant word search of this device and the server's search by
// meaning, by reciprocal rank fusion, with exact words still first. Pure: no I/O, no clock.

/** Reciprocal rank fusion's constant (Cormack et al. 2009): damps the head of each list so no one list dominates. */
export const RRF_K = 60;

/**
 * The least cosine similarity a meaning match needs to be shown. With OpenAI's text-embedding-3-small a
 * query and an unrelated note still score about 0.1-0.2 and a paraphrase about 0.35-0.6, so 0.3 keeps the
 * weak but real matches and drops the noise every note has; the e2e fake scores a shared concept at 0.4-0.5
 * and nothing shared at 0. A model with another scale (e.g. one whose unrelated pairs score 0.7) needs its own.
 */
export const MEANING_FLOOR = 0.3;

/** A note the search by meaning found: its id, the passage that matched, and the cosine similarity. */
export interface MeaningHit {
  id: string;
  passage: string;
  score: number;
}

/** Why a note is in the results: its words matched, its meaning did, or both. */
export type MatchReason = 'words' | 'meaning' | 'both';

export interface FusedResult<L> {
  id: string;
  /** The word search's result, null when the note matched by meaning only. */
  lexical: L | null;
  /** The meaning match (with its passage), null when it matched by words only or scored below the floor. */
  meaning: MeaningHit | null;
  reason: MatchReason;
  /** The fused score: the sum of 1 / (RRF_K + rank) over the lists the note is in (ranks from 1). */
  score: number;
}

/**
 * Fuses the word search's results (best first) with the meaning matches (best first): each note scores
 * 1 / (k + rank) in each list it is in, meaning matches below `floor` left out. Then the notes whose words
 * matched go first, in fused order, and the notes found by meaning alone after them: a note holding the
 * words typed is what the user most likely asked for, and the instant results on screen stay on screen
 * when the meaning matches arrive (only a word match that also matches by meaning may move up among
 * them). Ties keep the word search's order, then the meaning order.
 */
export function fuseResults<L>(
  lexical: readonly L[],
  idOf: (result: L) => string,
  meaning: readonly MeaningHit[],
  { floor = MEANING_FLOOR, k = RRF_K }: { floor?: number; k?: number } = {},
): FusedResult<L>[] {
  const fused = new Map<string, FusedResult<L> & { order: number }>();
  lexical.forEach((result, index) => {
    const id = idOf(result);
    if (fused.has(id)) return;
    fused.set(id, { id, lexical: result, meaning: null, reason: 'words', score: 1 / (k + index + 1), order: index });
  });
  let rank = 0;
  for (const hit of meaning) {
    if (hit.score < floor) continue;
    // Ranked among the matches kept, so the floor does not leave gaps that lower the ranks after it.
    rank += 1;
    const known = fused.get(hit.id);
    if (known) {
      if (known.meaning) continue;
      known.meaning = hit;
      known.reason = 'both';
      known.score += 1 / (k + rank);
    } else {
      fused.set(hit.id, {
        id: hit.id,
        lexical: null,
        meaning: hit,
        reason: 'meaning',
        score: 1 / (k + rank),
        order: lexical.length + rank,
      });
    }
  }
  const byWords = (entry: FusedResult<L>) => (entry.lexical ? 0 : 1);
  return [...fused.values()]
    .sort((a, b) => byWords(a) - byWords(b) || b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...result }) => result);
}
