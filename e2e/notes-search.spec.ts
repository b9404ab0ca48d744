// Instant search (issue 12, point 2): the dashboard's and Checklists' search field finds notes on this
// device by any word of their title, text, expanded text or checklist items, offline, with typos and
// words half typed, marks the matched words, filters, keeps the query in the URL, and follows notes
// pulled from another device.
import type { Page } from '@playwright/test';
import { checkInBothThemes } from './support/a11y';
import { test, expect } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { card, seedNote, seedNotes, syncNow } from './support/notes';

const NOTES = [
  {
    title: 'Weekend shopping',
    is_checklist: true,
    checklist_items: [
      { id: 'w1', text: 'Buy oat milk', completed: false },
      { id: 'w2', text: 'Fresh bread', completed: true },
    ],
  },
  {
    title: 'Kitchen renovation',
    content: 'Make the kitchen brighter.',
    expanded_content: 'Phase one: measure the room. Phase two: order new cabinets and paint the walls a warm white.',
  },
  { title: 'Podcast about gardening', content: 'One episode every two weeks.' },
];

function searchField(page: Page) {
  return page.getByRole('searchbox', { name: /^Search (notes|checklists)$/ });
}

test('the dashboard finds notes offline by a checklist word and a misspelt word, marks them and keeps the query', async ({
  signedInPage: page,
  account,
  request,
}) => {
  await seedNotes(request, account, NOTES);
  await page.reload();
  const results = page.getByRole('list', { name: 'Matching notes' });
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(3);

  await goOffline(page);
  // A word of a checklist item, the last one still being typed.
  await searchField(page).fill('oat mil');
  await expect(results.getByRole('article')).toHaveCount(1);
  const shopping = card(page, 'Weekend shopping');
  await expect(shopping.getByRole('list', { name: 'Matching checklist items' }).locator('mark')).toHaveText([
    'oat',
    'milk',
  ]);
  await expect(page).toHaveURL(/\?q=oat\+mil$/);

  // A misspelt word of the expanded text.
  await searchField(page).fill('cabinnets');
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Kitchen renovation').locator('mark')).toHaveText(['cabinets']);
  await expect(page.getByRole('status').filter({ hasText: '1 note matches' })).toBeVisible();

  // Filters: nothing of this account waits to sync.
  await page.getByRole('button', { name: 'Not yet synced' }).click();
  await expect(page.getByText('Nothing found for ‘cabinnets’')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(results.getByRole('article')).toHaveCount(1);

  await checkInBothThemes(page, (theme) => `notes-search-results-desktop-${theme}`, {
    include: 'main',
    what: 'search results',
  });

  // Back from a found note returns to the search (online: without the service worker this spec has
  // no offline copy of the note screen).
  await goOnline(page);
  await card(page, 'Kitchen renovation').getByRole('link', { name: 'View Kitchen renovation' }).click();
  await expect(page).toHaveURL(/\/view\//);
  await page.goBack();
  await expect(searchField(page)).toHaveValue('cabinnets');
  await expect(results.getByRole('article')).toHaveCount(1);

  // A note made on another device comes in with the next pull and is found at once.
  await seedNote(request, account, { title: 'Cabinet maker quotes', content: 'Three quotes for the cabinets.' });
  await syncNow(page);
  await expect(results.getByRole('article')).toHaveCount(2);
  await expect(results.getByRole('article').first()).toHaveAccessibleName('Cabinet maker quotes');

  // A reload keeps the query.
  await page.reload();
  await expect(searchField(page)).toHaveValue('cabinnets');
  await expect(results.getByRole('article')).toHaveCount(2);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Checklists searches checklists only, by a word of an item', async ({ signedIn: page, account, request }) => {
    await seedNotes(request, account, [
      ...NOTES,
      { title: 'Milk tasting notes', content: 'Oat milk versus almond milk.' },
    ]);
    await page.goto('/checklists?q=milk');
    const results = page.getByRole('list', { name: 'Matching checklists' });
    await expect(results.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Weekend shopping').locator('mark')).toHaveText(['milk']);
    await expect(searchField(page)).toHaveValue('milk');
    await checkInBothThemes(page, (theme) => `notes-search-checklists-mobile-${theme}`, {
      include: 'main',
      what: 'checklist search',
    });
  });
});
