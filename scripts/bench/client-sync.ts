/// <reference lib="dom" />
// Sync of 1,000 pending notes in Chromium (issue 10, goal 3): from the click on Sync to the 'Notes
// synced' toast (push and pull), beside its floor, one 1,000-row upsert POST of the same notes to the same
// server sent from the same page (each round a new user, so the server starts empty; rounds interleaved).
import type { Browser } from '@playwright/test';
import { benchNotes, median, openApp, putNotes, signUp } from './client-pages';

export interface ClientSyncResult {
  /** Sync clicked to the 'Notes synced' toast, ms per round. */
  syncMs: number[];
  /** One POST of the same 1,000 rows (return=representation), ms per round. */
  floorMs: number[];
  /** median(sync) / median(floor). */
  ratio: number;
}

export async function measureClientSync(browser: Browser, baseURL: string, rounds = 3): Promise<ClientSyncResult> {
  const syncMs: number[] = [];
  const floorMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // The floor: the same rows as the server will store them, in one request.
    const floorUser = await signUp(baseURL);
    const floorPage = await openApp(browser, baseURL, floorUser);
    const wire = benchNotes(floorUser.session.user.id, 1_000, 'pending').map((note) => ({
      id: note.id, user_id: note.user_id, title: note.title, content: note.content, expanded_content: note.expanded_content,
      is_checklist: note.is_checklist, checklist_items: note.checklist_items, chat_history: note.chat_history,
      created_at: note.created_at, updated_at: note.updated_at, deleted_at: null, last_mutation_id: note.mutation_id, base_revision: 0,
    }));
    floorMs.push(
      await floorPage.evaluate(
        async ({ rows, anonKey, token }) => {
          const began = performance.now();
          const response = await fetch('/rest/v1/notes?on_conflict=id&select=*', {
            method: 'POST',
            headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'resolution=merge-duplicates, return=representation' },
            body: JSON.stringify(rows),
          });
          await response.json();
          if (!response.ok) throw new Error(`the floor POST failed: ${response.status}`);
          return performance.now() - began;
        },
        { rows: wire, anonKey: floorUser.anonKey, token: floorUser.session.access_token },
      ),
    );
    await floorPage.context().close();

    const user = await signUp(baseURL);
    const page = await openApp(browser, baseURL, user);
    await putNotes(page, benchNotes(user.session.user.id, 1_000, 'pending'));
    await page.getByText('1,000 changes waiting').or(page.getByText('1000 changes waiting')).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
    const sync = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sync' });
    await sync.waitFor();
    const began = Date.now();
    await sync.click();
    await page.getByText(/Successfully synced 1,?000 notes to the cloud\./).first().waitFor({ timeout: 120_000 });
    syncMs.push(Date.now() - began);
    await page.context().close();
  }
  return { syncMs, floorMs, ratio: median(syncMs) / median(floorMs) };
}
