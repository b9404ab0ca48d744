// The user's tags in the order a list of them shows (the sidebar, Settings > Tags): by name, each tag
// straight after the one it lies inside. Pure.

export interface TagRow {
  tag: string;
  /** How many tags it lies inside: 1 for `work/launch`. */
  depth: number;
  count: number;
}

/** The tags by name, each straight after the tag it lies inside (`work`, `work/launch`, `work-old`). */
export function tagRows(counts: ReadonlyMap<string, number>): TagRow[] {
  const rows = [...counts].map(([tag, count]) => ({ tag, count, names: tag.split('/') }));
  rows.sort((a, b) => {
    for (let i = 0; i < Math.min(a.names.length, b.names.length); i++) {
      const [x, y] = [a.names[i]!, b.names[i]!];
      if (x !== y) return x < y ? -1 : 1;
    }
    return a.names.length - b.names.length;
  });
  return rows.map(({ tag, count, names }) => ({ tag, count, depth: names.length - 1 }));
}
