// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of the notes screens: Dashboard
// (empty and with notes), Edit (each tab, and a plain note's), View (each tab and the checklist view), Your Checklists and
// the Trash (with notes, and empty), the Archive and the note screen's More menu.
// Each test opens the app once and moves between screens through its navigation, as a user does; every
// state is checked at 1280x800 and 390x844 (the page resized in place) and in both themes (switched in
// place). `npm run screenshots` keeps screenshots in e2e/artifacts/screenshots/.
import { checkAtEachViewport, checkInBothThemes } from './support/a11y';
import { test, expect } from './support/fixtures';
import { openFromNav } from './support/layout';
import { card, deleteFromCard, openCard, PLAN, seedNotes, type SeedNote } from './support/notes';
import { dismissToasts } from './support/toasts';

const CHAT = [
  { role: 'user' as const, content: 'How long should each episode be?' },
  {
    role: 'assistant' as const,
    content: 'Start with 20 to 30 minutes: long enough for one story, short enough for a commute.',
  },
];

/** The six notes the screens show (the same in each test, so the sidebar and lists look the same). */
const NOTES: SeedNote[] = [
  {
    title: 'Start a podcast about urban gardening',
    content: 'A show for people with balconies and big plans.',
    expanded_content: PLAN,
    chat_history: CHAT,
  },
  {
    title: 'Weekend trip to the coast',
    content: 'Two nights, by train, somewhere with a long beach walk.',
    is_checklist: true,
    checklist_items: [
      { id: 't1', text: 'Book the train tickets', completed: true },
      { id: 't2', text: 'Find a guesthouse near the beach', completed: true },
      { id: 't3', text: 'Pack walking shoes', completed: false },
      { id: 't4', text: 'Check the tide times', completed: false },
    ],
  },
  {
    title: 'Learn to bake sourdough',
    content:
      'Feed the starter every morning.\nTry a first loaf on Saturday.\nKeep notes on hydration and timing.\nShare the best loaf with the neighbours.',
  },
  { title: 'Reading list (conflict copy)', content: 'Two versions of this list were edited on different devices.' },
  {
    title: 'Spring garden prep',
    content: 'Get the beds ready before the last frost.',
    is_checklist: true,
    checklist_items: [
      { id: 'g1', text: 'Turn the compost', completed: true },
      { id: 'g2', text: 'Order seeds', completed: true },
      { id: 'g3', text: 'Fix the fence', completed: true },
    ],
    updated_at: '2025-03-02T10:00:00.000Z',
  },
  {
    title: 'Quarterly goals',
    content: 'Run 10 km, ship the garden planner, read six books.',
    updated_at: '2024-01-15T09:00:00.000Z',
  },
];

test.use({ colorScheme: 'light' });

test('dashboard and checklists', async ({ signedIn: page, account, request }) => {
  await page.goto('/');
  await expect(page.getByText("You don't have any notes yet")).toBeVisible();
  await checkAtEachViewport(page, 'notes-dashboard-empty');
  await openFromNav(page, 'Checklists');
  await expect(page.getByText('No checklists yet')).toBeVisible();
  await checkAtEachViewport(page, 'notes-checklists-empty');

  // The notes are seeded on the server: the reload fetches them.
  await seedNotes(request, account, NOTES);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
  await checkAtEachViewport(page, 'notes-checklists');
  await openFromNav(page, 'Dashboard');
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(6);
  await checkAtEachViewport(page, 'notes-dashboard');

  // The delete confirmation.
  await page.getByRole('button', { name: 'Delete Quarterly goals' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await checkAtEachViewport(page, 'notes-dashboard-delete');

  // The Trash with two notes (the scans above end at phone width: it is opened from the menu there), its
  // Delete forever question (the scans of the Trash end at desktop width), and empty.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(card(page, 'Quarterly goals')).toHaveCount(0);
  await deleteFromCard(page, 'Spring garden prep');
  // The Undo toast sits over the top bar at phone width: closed, as a user would, not waited out (5 s).
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Trash', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Notes in the Trash' }).getByRole('article')).toHaveCount(2);
  await dismissToasts(page);
  await checkAtEachViewport(page, 'notes-trash');
  // Its Delete forever question is the app's confirm dialog, scanned above at both sizes as the
  // dashboard's delete question: not scanned again.
  await page.getByRole('button', { name: 'Delete Quarterly goals forever' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this note forever?' })
    .getByRole('button', { name: 'Delete forever' })
    .click();
  await expect(card(page, 'Quarterly goals')).toHaveCount(0);
  await page.getByRole('button', { name: 'Empty Trash' }).click();
  await page
    .getByRole('alertdialog', { name: 'Empty the Trash?' })
    .getByRole('button', { name: 'Empty Trash' })
    .click();
  await expect(page.getByRole('heading', { name: 'The Trash is empty' })).toBeVisible();
  await dismissToasts(page);
  // The empty state is one centred block of text, with nothing of its own to lay out at phone width: one size.
  await checkInBothThemes(page, (theme) => `notes-trash-empty-desktop-${theme}`);
});

test('edit', async ({ signedIn: page, account, request }) => {
  const [podcast, trip] = await seedNotes(request, account, NOTES);
  await page.goto(`/edit/${podcast!.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Start a podcast about urban gardening');
  await checkAtEachViewport(page, 'notes-edit-original');
  await page.getByRole('tab', { name: 'Expanded' }).click();
  await checkAtEachViewport(page, 'notes-edit-expanded');
  await page.getByRole('switch', { name: 'Convert to checklist' }).click();
  await page.getByRole('checkbox', { name: 'Pick a name and a format' }).click();
  // Scrolled to the checklist at each size: a resize moves it.
  const scrollToChecklist = () => page.getByRole('list', { name: 'Action steps checklist' }).scrollIntoViewIfNeeded();
  await checkAtEachViewport(page, 'notes-edit-checklist', { arrange: scrollToChecklist });
  await page.getByRole('tab', { name: 'Chat' }).click();
  await checkAtEachViewport(page, 'notes-edit-chat');
  // Leave without saving.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A plain checklist (no plan, no chat) is edited as a note: its text and its checklist (issue 33).
  await page.goto(`/edit/${trip!.id}`);
  await expect(page.getByRole('region', { name: 'Checklist' })).toBeVisible();
  await checkAtEachViewport(page, 'notes-edit-plain');
});

test('view', async ({ signedIn: page, account, request }) => {
  const [podcast, trip] = await seedNotes(request, account, NOTES);
  await page.goto(`/view/${podcast!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start a podcast about urban gardening');
  // A note with a plan opens on it; its own text is a tab away.
  await page.getByRole('tab', { name: 'Note' }).click();
  await checkAtEachViewport(page, 'notes-view-note');
  await page.getByRole('tab', { name: 'Expanded' }).click();
  await checkAtEachViewport(page, 'notes-view-expanded');
  await page.getByRole('tab', { name: 'Chat' }).click();
  await checkAtEachViewport(page, 'notes-view-chat');

  // On a phone the note's own bar takes the tab bar's place: back to the notes first.
  await page.getByRole('link', { name: 'Back to notes' }).click();
  await openFromNav(page, 'Checklists');
  await openCard(page, 'Weekend trip to the coast', 'View');
  await expect(page.getByText('2 of 4 done')).toBeVisible();
  await checkAtEachViewport(page, 'notes-view-checklist');
  await page.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('tab', { name: 'Note' })).toBeVisible();
  await checkAtEachViewport(page, 'notes-view-checklist-details');
  expect(trip).toBeDefined();
});

test('archive, and the note screen’s More menu', async ({ signedIn: page, account, request }) => {
  const archivedAt = '2025-04-01T10:00:00.000Z';
  const [podcast] = await seedNotes(
    request,
    account,
    NOTES.map((note, i) =>
      i < 3 ? { ...note, archived_at: archivedAt } : { ...note, pinned_at: i === 3 ? archivedAt : null },
    ),
  );
  await page.goto('/archive');
  await expect(page.getByRole('list', { name: 'Archived notes' }).getByRole('article')).toHaveCount(3);
  await checkAtEachViewport(page, 'notes-archive');
  await page.goto(`/view/${podcast!.id}`);
  await checkAtEachViewport(page, 'notes-view-menu', {
    arrange: async (screen) => {
      await screen.keyboard.press('Escape');
      await expect(screen.getByRole('menu')).toHaveCount(0);
      await screen.getByRole('button', { name: 'More actions' }).click();
      await expect(screen.getByRole('menuitem', { name: 'Unarchive' })).toBeVisible();
    },
  });
});
