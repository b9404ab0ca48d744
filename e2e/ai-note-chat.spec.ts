// The Chat tabs of a note (spec sections 2 and 4): on Edit (400 px) the chat starts from the saved
// history, talks about the expanded text, and its turns are saved only by Save Changes; on View
// ('Chat with your Note', 500 px) each completed turn is saved at once.
import { DEFAULT_QUESTION_REPLY } from '../test/kit/fake-ai-provider-replies';
import { fakeRequestsFor, messageLog, sendMessage, storeAiKey, uniqueTag } from './support/ai';
import { test, expect } from './support/fixtures';
import { openCard, seedNote, serverNote } from './support/notes';
import { gotoAs } from './support/session';

// Both tabs in one page, the View phase opening its note from the dashboard the Edit phase returns to:
// a second page would boot the app again.
test('the Chat tabs of a note: Edit saves the turns with Save Changes, View saves each turn at once', async ({
  signedIn: page,
  account,
  request,
}) => {
  test.setTimeout(120_000);
  await storeAiKey(request, account);
  // The View phase's note is there from the start, so the dashboard it returns to shows it.
  const viewTag = uniqueTag('idea');
  const viewNote = await seedNote(request, account, { title: 'View chat', content: `Learn to bake bread ${viewTag}` });

  await test.step('Edit: the chat continues the saved history and is saved only with Save Changes', async () => {
    const tag = uniqueTag('plan');
    const note = await seedNote(request, account, {
      title: 'Edit chat',
      content: 'A podcast about gardens',
      expanded_content: `Goal Summary\nA garden podcast ${tag}.\n\nAction Steps:\n1. Record a pilot`,
      chat_history: [
        { role: 'user', content: 'Earlier question' },
        { role: 'assistant', content: 'Earlier **answer**' },
      ],
    });
    await gotoAs(page, '/');
    await openCard(page, 'Edit chat', 'Edit');
    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(page.getByRole('region', { name: 'Chat about this note' })).toHaveCSS('height', '400px');
    const log = messageLog(page);
    await expect(log.getByText('Earlier question')).toBeVisible();
    await expect(log.locator('strong', { hasText: 'answer' })).toBeVisible();

    await sendMessage(page, 'What should I record first?');
    await expect(log.getByText(DEFAULT_QUESTION_REPLY)).toBeVisible();
    // The expanded text went along as the note's content.
    const [sent] = await fakeRequestsFor(request, tag);
    expect(JSON.stringify(sent?.body)).toContain('note_content');

    // Not saved yet: the form holds the turn as an unsaved change, and the server still has the old chat.
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
    expect((await serverNote(request, account, note.id))?.chat_history).toHaveLength(2);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => (await serverNote(request, account, note.id))?.chat_history?.map((m) => m.content))
      .toEqual(['Earlier question', 'Earlier **answer**', 'What should I record first?', DEFAULT_QUESTION_REPLY]);
  });

  await test.step('View: each completed turn is saved to the note at once', async () => {
    const tag = viewTag;
    const note = viewNote;
    // Back on the dashboard after Save Changes: the note is opened from its card.
    await openCard(page, 'View chat', 'View');
    await expect(page).toHaveURL(new RegExp(`/view/${note.id}$`));
    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(page.getByRole('heading', { name: 'Chat with your Note' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Chat about this note' })).toHaveCSS('height', '500px');

    await sendMessage(page, 'Which flour?');
    await expect(messageLog(page).getByText(DEFAULT_QUESTION_REPLY)).toBeVisible();
    await expect
      .poll(async () => (await serverNote(request, account, note.id))?.chat_history)
      .toEqual([
        { role: 'user', content: 'Which flour?' },
        { role: 'assistant', content: DEFAULT_QUESTION_REPLY },
      ]);
    // Without expanded text, the original idea is the chat's context.
    const [sent] = await fakeRequestsFor(request, tag);
    expect(JSON.stringify(sent?.body)).toContain(`Learn to bake bread ${tag}`);

    await sendMessage(page, 'And the oven?');
    await expect(messageLog(page).getByText(DEFAULT_QUESTION_REPLY)).toHaveCount(2);
    await expect.poll(async () => (await serverNote(request, account, note.id))?.chat_history?.length).toBe(4);

    // A reload shows the saved chat.
    await page.reload();
    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(messageLog(page).getByText('And the oven?')).toBeVisible();
  });
});
