// How a screen asks the Edit screen to open: which field gets the cursor and which tab shows first
// (router state, so a reload or a link without it opens the editor as usual).
export interface EditEntryState {
  focus?: 'title';
  tab?: 'original' | 'expanded' | 'chat';
  /** Just made by quick capture, empty: left without a save, it is not kept (issue 33). */
  fresh?: boolean;
}

export function readEditEntry(state: unknown): EditEntryState {
  if (typeof state !== 'object' || state === null) return {};
  const { focus, tab, fresh } = state as Record<string, unknown>;
  return {
    focus: focus === 'title' ? 'title' : undefined,
    tab: tab === 'original' || tab === 'expanded' || tab === 'chat' ? tab : undefined,
    fresh: fresh === true || undefined,
  };
}
