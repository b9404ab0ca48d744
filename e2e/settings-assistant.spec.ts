// Settings > AI > Your notes and the assistant (issue 34, item 5), through the real server, its indexer and
// the fake provider's embeddings: off until the user turns it on, a dialog first saying what is sent where,
// the index's count once the notes are read, a kept-out note never sent, and off deleting the index.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations, shoot } from './support/a11y';
import { authHeaders, type Account } from './support/accounts';
import { FAKE_AI_ORIGIN, storeAiKey } from './support/ai';
import { test, expect } from './support/fixtures';
import { seedNotes } from './support/notes';
import { gotoAs } from './support/session';
import { expectToast } from './support/toasts';
import type { FakeRequest } from '../test/kit/fake-ai-provider-replies';

/** Every text the fake provider was asked to embed. */
async function embeddedTexts(request: APIRequestContext): Promise<string[]> {
  const all = (await (await request.get(`${FAKE_AI_ORIGIN}/__requests`)).json()) as FakeRequest[];
  return all.filter((r) => r.endpoint === 'embeddings').flatMap((r) => r.inputs ?? []);
}

async function assistantStatus(request: APIRequestContext, account: Account) {
  const response = await request.get(`${account.origin}/api/assistant/status`, { headers: authHeaders(account) });
  return (await response.json()) as {
    enabled: boolean;
    leaveOutArchived: boolean;
    indexedNotes: number;
    pendingNotes: number;
  };
}

test('Use my notes with the assistant: off at first, explained before it turns on, counted, and deleted when off', async ({
  signedIn: page,
  account,
  request,
}) => {
  await storeAiKey(request, account);
  const tag = `kept-${randomUUID().slice(0, 8)}`;
  await seedNotes(request, account, [
    { title: 'Audio show about gardening', content: 'Ten episodes on growing vegetables.' },
    { title: 'Car insurance renewal', content: 'Compare three quotes.' },
    { title: 'Diary', content: `Private thoughts ${tag}`, ai_excluded: true },
  ]);
  await gotoAs(page, '/settings?tab=ai');
  const setting = page.getByRole('switch', { name: 'Use my notes with the assistant' });
  await expect(setting).not.toBeChecked();
  await expect(page.getByTestId('assistant-index-state')).toHaveText(
    'Off. Nothing of your notes is sent to the assistant beyond the note you chat about.',
  );
  expect(await assistantStatus(request, account)).toMatchObject({ enabled: false });

  await test.step('turning it on first says what is sent where; Not now leaves it off', async () => {
    await setting.click();
    const dialog = page.getByRole('alertdialog', { name: 'Use your notes with the assistant?' });
    await expect(dialog).toContainText('Notes you keep out of the assistant');
    await shoot(page, 'settings-assistant-dialog-desktop-light');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(setting).not.toBeChecked();
    expect(await assistantStatus(request, account)).toMatchObject({ enabled: false });
  });

  await test.step('on, the notes are indexed and counted; the kept-out note never reaches the provider', async () => {
    await setting.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn on' }).click();
    await expectToast(page, 'Notes shared with the assistant');
    await expect(setting).toBeChecked();
    await expect(page.getByTestId('assistant-index-state')).toHaveText(
      '2 notes indexed with openai/text-embedding-3-small.',
      { timeout: 20_000 },
    );
    const sent = await embeddedTexts(request);
    expect(sent).toContain('Audio show about gardening\n\nTen episodes on growing vegetables.');
    expect(sent.join('\n')).not.toContain(tag);
    await shoot(page, 'settings-assistant-on-desktop-light');
    await expectNoSeriousViolations(page, { include: 'main' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('assistant-index-state').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, 'settings-assistant-on-mobile-light');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('archived notes can be left out', async () => {
    const archived = page.getByRole('switch', { name: 'Leave archived notes out' });
    await expect(archived).not.toBeChecked();
    await archived.click();
    await expect(archived).toBeChecked();
    expect(await assistantStatus(request, account)).toMatchObject({ enabled: true, leaveOutArchived: true });
  });

  await test.step('off deletes the index at once', async () => {
    await setting.click();
    await expectToast(page, 'Notes no longer shared');
    await expect(setting).not.toBeChecked();
    expect(await assistantStatus(request, account)).toMatchObject({ enabled: false, indexedNotes: 0 });
  });
});

test('a note lists the notes related to it by meaning, with the passage that matched, once the setting is on', async ({
  signedIn: page,
  account,
  request,
}) => {
  await storeAiKey(request, account);
  const [podcast, plot] = await seedNotes(request, account, [
    { title: 'Audio show about gardening', content: 'Ten episodes on growing vegetables.' },
    { title: 'Allotment', content: 'Dig the beds and plant tomatoes in April.' },
    { title: 'Car insurance renewal', content: 'Compare three quotes.' },
  ]);
  await gotoAs(page, `/note/${podcast!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audio show about gardening' })).toBeVisible();
  // Off: nothing about it on the note.
  await expect(page.getByRole('heading', { name: 'Related notes' })).toHaveCount(0);

  const on = await request.put(`${account.origin}/api/assistant/settings`, {
    headers: authHeaders(account),
    data: { enabled: true },
  });
  expect(on.ok()).toBe(true);
  await expect.poll(async () => (await assistantStatus(request, account)).pendingNotes, { timeout: 20_000 }).toBe(0);
  await page.reload();
  const related = page.getByRole('region', { name: 'Related notes' });
  await expect(related.getByRole('link')).toHaveCount(1);
  await expect(related.getByRole('link')).toContainText('Allotment');
  await expect(related.getByRole('link')).toContainText('Dig the beds and plant tomatoes in April.');
  await shoot(page, 'note-related-desktop-light');
  await expectNoSeriousViolations(page, { include: 'main' });
  await related.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/note/${plot!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Allotment' })).toBeVisible();
});
