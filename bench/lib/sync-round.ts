// One round of the sync figure (issue 10, goal 3), shared by the bench (groups/sync.ts) and its A/B of
// client builds (ab-sync.ts): a new user with `count` notes pending on the device, the sidebar's Sync
// clicked, timed to the 'Notes synced' toast.
import type { Browser } from '@playwright/test';
import { announceNotes, countPending, fillNotes, openApp, timeClickToText, waitForSettledNotes } from './app-browser';
import { signUp } from './sprout';

const SYNCED = /Successfully synced \d+ notes to the cloud\./;

/** Milliseconds from the Sync click to the toast, and the toast's text. */
export async function timeSyncRound(
  browser: Browser,
  url: string,
  count: number,
): Promise<{ ms: number; toast: string | null }> {
  // A fresh user each round, so the server starts without their notes.
  const user = await signUp(url);
  const page = await openApp(browser, user);
  await fillNotes(page, user.userId, count, 'pending');
  // As if another tab had written them: the app shows and indexes them before the click, as it would
  // have after the user wrote them, so only the sync's own work falls in the timed window.
  await announceNotes(page);
  await waitForSettledNotes(page, user.userId);
  // Nothing may have sent them before the click (an automatic run would leave the click nothing to do).
  const pending = await countPending(page, user.userId);
  if (pending !== count) throw new Error(`${pending} of ${count} notes pending before the click`);
  const sync = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sync' });
  const ms = await timeClickToText(page, sync, SYNCED);
  const toast = await page.getByText(SYNCED).first().textContent();
  await page.context().close();
  return { ms, toast };
}
