// Links between notes (issue 33) against the real server: `[[` offers notes by title from this device,
// offline too; the link it writes opens the note, keeps working when either note is renamed, and the target
// lists the note under 'Linked from'; a link to a note in the Trash says so instead of breaking.
import { checkInBothThemes } from './support/a11y';
import { expectEditorValue } from './support/editor';
import { test, expect } from './support/fixtures';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { editOnServer, expectAllSynced, seedNotes, serverNote, syncNow } from './support/notes';
import { signIn } from './support/session';

test.use({ serviceWorkers: 'allow' });

test('[[ links notes offline; the link opens the note, survives renames, and shows under Linked from', async ({
  page,
  account,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
  const [launch, budget, binned] = await seedNotes(request, account, [
    { title: 'Launch plan', content: '' },
    { title: 'Budget for the launch', content: 'Four hundred' },
    { title: 'Old budget', content: 'Gone soon' },
  ]);
  await signIn(page, account);
  await waitForServiceWorker(page);
  await goOffline(page);

  await test.step('offline, [[ offers the notes whose titles hold what is typed, and Enter writes the link', async () => {
    await page.goto(`/edit/${launch!.id}`);
    const editor = page.getByRole('textbox', { name: 'Note', exact: true });
    await editor.click();
    await page.keyboard.type('Costs: [[budg');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveText(['Budget for the launch', 'Old budget']);
    // The theme switches by event: the editor keeps the focus, and the list stays open.
    await checkInBothThemes(page, (theme) => `links-suggestions-${theme}`, { what: '[[ suggestions' });
    await expect(options).toHaveText(['Budget for the launch', 'Old budget']);
    await page.keyboard.press('Enter');
    await expectEditorValue(editor, `Costs: [Budget for the launch](/note/${budget!.id})`);
    await page.keyboard.type(' and [[old');
    await expect(options).toHaveText(['Old budget']);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the link opens the note, which lists its note under Linked from', async () => {
    await page.goto(`/note/${launch!.id}`);
    await page.getByRole('link', { name: 'Budget for the launch' }).click();
    await expect(page).toHaveURL(new RegExp(`/note/${budget!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Budget for the launch' })).toBeVisible();
    const linkedFrom = page.getByRole('region', { name: 'Linked from' });
    await expect(linkedFrom.getByRole('link')).toHaveText(['Launch plan']);
    await checkInBothThemes(page, (theme) => `links-linked-from-${theme}`, { what: 'Linked from' });
    await linkedFrom.getByRole('link', { name: 'Launch plan' }).click();
    await expect(page).toHaveURL(new RegExp(`/note/${launch!.id}$`));
  });

  await goOnline(page);
  await expectAllSynced(page);
  expect((await serverNote(request, account, launch!.id))?.content).toBe(
    `Costs: [Budget for the launch](/note/${budget!.id}) and [Old budget](/note/${binned!.id})`,
  );

  await test.step('renamed on another device, both notes still link', async () => {
    await editOnServer(request, account, budget!.id, { title: 'Launch budget, final' });
    await editOnServer(request, account, launch!.id, { title: 'The launch' });
    await syncNow(page);
    await page.goto(`/note/${launch!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'The launch' })).toBeVisible();
    await page.getByRole('link', { name: 'Budget for the launch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Launch budget, final' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Linked from' }).getByRole('link')).toHaveText(['The launch']);
  });

  await test.step('a link to a note in the Trash says so', async () => {
    await page.goto(`/note/${binned!.id}`);
    await page.getByRole('button', { name: 'Delete Old budget' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    // The screen leaves the note once it is in the Trash on this device: a reload before that could
    // load the page before the move was written.
    await expect(page).not.toHaveURL(new RegExp(`/note/${binned!.id}$`));
    await page.goto(`/note/${launch!.id}`);
    const tab = page.getByRole('tabpanel', { name: 'Note' });
    await expect(tab.getByText('(in the Trash)')).toBeVisible();
    await expect(tab.getByRole('link', { name: 'Old budget' })).toHaveCount(0);
  });
});
