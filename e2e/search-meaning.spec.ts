// Search by meaning where users already search (issue 34, item 2): with 'Use my notes with the assistant'
// on, a paraphrase that shares no word with a note finds it in the dashboard's search and in the command
// palette, after the word matches and marked 'By meaning' with the passage it matched by. With the setting
// off nothing is asked by meaning (no request to the server's search, no embedding at the provider);
// offline the search is by words, and a quiet line says so.
import type { APIRequestContext, Page } from '@playwright/test';
import type { FakeRequest } from '../test/kit/fake-ai-provider-replies';
import type { Account } from './support/accounts';
import { authHeaders } from './support/accounts';
import { DESKTOP, expectNoSeriousViolations, MOBILE, resizeTo, shoot } from './support/a11y';
import { FAKE_AI_ORIGIN, storeAiKey, uniqueTag } from './support/ai';
import { test, expect } from './support/fixtures';
import { goOffline } from './support/network';
import { card, seedNotes } from './support/notes';
import { gotoAs } from './support/session';

const PARAPHRASE = 'the podcast plan';
const AUDIO_SHOW = {
  title: 'Audio show about gardening',
  content: 'Interview growers about their vegetable plots, one episode a month.',
};
const NOTES = [
  // Holds the words typed: it comes first.
  { title: 'The podcast plan for spring', content: 'Record the first episode in March.' },
  AUDIO_SHOW,
  { title: 'Kitchen renovation', content: 'Make the kitchen brighter.' },
];

async function setAssistant(request: APIRequestContext, account: Account, enabled: boolean): Promise<void> {
  const response = await request.put(`${account.origin}/api/assistant/settings`, {
    headers: authHeaders(account),
    data: { enabled },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Waits until the server's indexer has embedded every note of the account. */
async function waitForIndex(request: APIRequestContext, account: Account, notes: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`${account.origin}/api/assistant/status`, { headers: authHeaders(account) });
        const status = (await response.json()) as { indexedNotes: number; pendingNotes: number };
        return status.pendingNotes === 0 && status.indexedNotes >= notes;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function embeddingsOf(request: APIRequestContext, text: string): Promise<FakeRequest[]> {
  const all = (await (await request.get(`${FAKE_AI_ORIGIN}/__requests`)).json()) as FakeRequest[];
  return all.filter((r) => r.endpoint === 'embeddings' && (r.inputs ?? []).some((input) => input.includes(text)));
}

function searchField(page: Page) {
  return page.getByRole('searchbox', { name: 'Search notes' });
}

test('a paraphrase finds the note by meaning in the dashboard search and the palette, marked and after the word matches', async ({
  signedIn: page,
  account,
  request,
}) => {
  test.setTimeout(90_000);
  await storeAiKey(request, account);
  await setAssistant(request, account, true);
  await seedNotes(request, account, NOTES);
  await waitForIndex(request, account, NOTES.length);
  await gotoAs(page, '/');
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(3);

  await test.step('the dashboard search: the word match first, then the note found by meaning, marked', async () => {
    await searchField(page).fill(PARAPHRASE);
    const results = page.getByRole('list', { name: 'Matching notes' }).getByRole('article');
    await expect(results).toHaveCount(2);
    await expect(results.first()).toHaveAccessibleName('The podcast plan for spring');
    const audio = card(page, AUDIO_SHOW.title);
    await expect(results.nth(1)).toHaveAccessibleName(AUDIO_SHOW.title);
    await expect(audio.getByText('By meaning', { exact: true })).toBeVisible();
    await expect(audio.getByText(AUDIO_SHOW.content)).toBeVisible();
    // The word match is no meaning-only match.
    await expect(card(page, 'The podcast plan for spring').getByText('By meaning')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: '2 notes match' })).toBeVisible();
    await expect(page.getByText(/Searching by words only/)).toHaveCount(0);
    expect((await embeddingsOf(request, PARAPHRASE)).length).toBeGreaterThan(0);
    await expectNoSeriousViolations(page, { include: 'main', what: 'search results by meaning' });
    await shoot(page, 'search-meaning-dashboard-desktop-light');
    await resizeTo(page, MOBILE);
    await audio.scrollIntoViewIfNeeded();
    await shoot(page, 'search-meaning-dashboard-mobile-light');
    await resizeTo(page, DESKTOP);
  });

  await test.step('the palette finds it too', async () => {
    await searchField(page).fill('');
    await searchField(page).blur();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill(PARAPHRASE);
    const notes = palette.getByRole('group', { name: 'Notes' }).getByRole('option');
    await expect(notes).toHaveCount(2);
    await expect(notes.first()).toContainText('The podcast plan for spring');
    await expect(notes.nth(1)).toContainText(AUDIO_SHOW.title);
    await expect(notes.nth(1)).toContainText('By meaning');
    await expect(notes.nth(1)).toContainText(AUDIO_SHOW.content);
    await expectNoSeriousViolations(page, { include: '[role="dialog"]', what: 'palette with a meaning match' });
    await shoot(page, 'search-meaning-palette-desktop-light');
    await notes.nth(1).click();
    await expect(page).toHaveURL(/\/note\/[^/]+$/);
    await expect(page.getByRole('heading', { name: AUDIO_SHOW.title })).toBeVisible();
  });
});

test('with the setting off, typing asks nothing by meaning and says so once, quietly', async ({
  signedIn: page,
  account,
  request,
}) => {
  await storeAiKey(request, account);
  await setAssistant(request, account, false);
  const tag = uniqueTag('podcast');
  await seedNotes(request, account, [{ title: `Podcast ${tag}`, content: 'One episode every two weeks.' }]);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/assistant/search')) asked.push(r.url());
  });
  await gotoAs(page, '/');
  await searchField(page).fill(`podcast ${tag}`);
  await expect(card(page, `Podcast ${tag}`)).toBeVisible();
  const line = page.getByText('Searching by words only: ‘Use my notes with the assistant’ is off in Settings.');
  await expect(line).toBeVisible();
  // Well past the pause after typing: still nothing asked.
  await page.waitForTimeout(1_000);
  expect(asked).toEqual([]);
  expect(await embeddingsOf(request, tag)).toEqual([]);

  // Said once this session: another search keeps quiet.
  await searchField(page).fill('');
  await searchField(page).fill(`episode ${tag}`);
  await expect(card(page, `Podcast ${tag}`)).toBeVisible();
  await page.waitForTimeout(600);
  await expect(page.getByText(/Searching by words only/)).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('offline the search is by words, and a quiet line says so', async ({ signedIn: page, account, request }) => {
  await storeAiKey(request, account);
  await setAssistant(request, account, true);
  await seedNotes(request, account, NOTES);
  await gotoAs(page, '/');
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(3);
  // The dashboard fetches the search by meaning's code once shown, so that it is there offline too.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('meaning-search-results')),
      ),
    )
    .toBe(true);
  await goOffline(page);
  await searchField(page).fill(PARAPHRASE);
  const results = page.getByRole('list', { name: 'Matching notes' }).getByRole('article');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toHaveAccessibleName('The podcast plan for spring');
  const line = page.getByRole('status').filter({ hasText: 'Searching by words only: you’re offline.' });
  await expect(line).toBeVisible();
  await page.waitForTimeout(600);
  await expect(card(page, AUDIO_SHOW.title)).toHaveCount(0);
  // Never a toast or a dialog.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectNoSeriousViolations(page, { include: 'main', what: 'search by words offline' });
  await shoot(page, 'search-meaning-offline-desktop-light');
});
