// What a page holds unsaved when a session the server ended is about to sign it out (lib/session-check.ts):
// the parts of the screen that hold it (an edit form's text) register a keeper, which the auth provider runs
// before it lets a SIGNED_OUT it did not ask for through, while the signed-in screens and the user's notes
// are still there.

/** How long the saves before an ended session's sign-out may take: a stuck one does not keep a dead session. */
export const KEEP_WAIT_MS = 3_000;

/** Work to finish before an ended session signs this device out: an unsaved form saved on the device. */
export type SessionKeeper = () => unknown;

const pageKeepers = new Set<SessionKeeper>();

/** Runs `keep` before this page lets a session the server ended go; the returned function stops that. */
export function beforeSessionEnds(keep: SessionKeeper): () => void {
  pageKeepers.add(keep);
  return () => void pageKeepers.delete(keep);
}

/** Runs the keepers (the page's by default), waiting for them at most `waitMs`; a failed one is skipped. */
export async function keepBeforeSessionEnds(
  keepers: ReadonlySet<SessionKeeper> = pageKeepers,
  waitMs = KEEP_WAIT_MS,
): Promise<void> {
  if (keepers.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const kept = Promise.allSettled([...keepers].map(async (keep) => keep()));
  await Promise.race([kept, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
