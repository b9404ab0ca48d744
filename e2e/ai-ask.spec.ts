// 'Ask your notes' on the AI Chat page (issue 34, item 3), through the real server, its indexer and the fake
// provider (which answers from the first source and cites it as [1]): the answer's citation and its Sources
// entry open the note, a question the notes do not answer gets the nothing-found answer without sources, a
// failed turn shows the catalogue message with Retry, the setting off leads to Settings > AI, and
// /chat?ask=… (the palette's) asks at once.
import type { APIRequestContext, Page } from '@playwright/test';
import { checkAtEachViewport } from './support/a11y';
import { authHeaders, type Account } from './support/accounts';
import { createPlan, scriptFake, storeAiKey, uniqueTag } from './support/ai';
import { test, expect } from './support/fixtures';
import { seedNotes, waitForServerNote } from './support/notes';
import { gotoAs } from './support/session';
import { expectToast } from './support/toasts';

const PODCAST = { title: 'Podcast launch', content: 'The budget for the audio show is 400 euros.' };
const MONEY_QUESTION = 'How much money do we need for the podcast?';
const NOTHING_FOUND = "I couldn't find anything about that in your notes, so I won't guess.";

async function setAssistant(request: APIRequestContext, account: Account, enabled: boolean): Promise<void> {
  const response = await request.put(`${account.origin}/api/assistant/settings`, {
    headers: authHeaders(account),
    data: { enabled },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Turns the setting on, seeds the notes and waits until the server's indexer has read them all. */
async function indexNotes(request: APIRequestContext, account: Account): Promise<string> {
  await storeAiKey(request, account);
  await setAssistant(request, account, true);
  const [podcast] = await seedNotes(request, account, [
    PODCAST,
    { title: 'Garden plan', content: 'Tomatoes along the south fence, herbs by the door.' },
  ]);
  await expect
    .poll(
      async () => {
        const response = await request.get(`${account.origin}/api/assistant/status`, { headers: authHeaders(account) });
        const status = (await response.json()) as { indexedNotes: number; pendingNotes: number };
        return status.pendingNotes === 0 && status.indexedNotes > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return podcast!.id;
}

/** The Q&A log of Ask mode. */
const answers = (page: Page) => page.getByRole('log', { name: 'Questions and answers' });

async function askQuestion(page: Page, question: string): Promise<void> {
  const box = page.getByLabel('Your question about your notes');
  await box.fill(question);
  await box.press('Enter');
}

test.describe('Ask your notes', () => {
  test('answers from the notes with linked sources, says when the notes have nothing, and retries a failed turn', async ({
    signedIn: page,
    account,
    request,
  }) => {
    test.setTimeout(90_000);
    const noteId = await indexNotes(request, account);
    await gotoAs(page, '/chat');
    await page.getByRole('tab', { name: 'Ask your notes' }).click();
    await expect(page).toHaveURL(/\/chat\?mode=ask$/);

    const answer = answers(page).getByRole('listitem').filter({ hasText: 'Sprout said:' }).last();
    await test.step('the answer is written from the note, and its [1] and its source open the note', async () => {
      await askQuestion(page, MONEY_QUESTION);
      await expect(answers(page).getByText(MONEY_QUESTION)).toBeVisible();
      await expect(answer).toContainText('Your note "Podcast launch" says:');
      await expect(answer).toContainText('400 euros');
      const citation = answer.getByRole('link', { name: 'Source 1: Podcast launch' });
      await expect(citation).toHaveAttribute('href', `/note/${noteId}`);
      const sources = answer.getByRole('list', { name: 'Sources' });
      await expect(sources.getByRole('listitem')).toHaveCount(1);
      await expect(sources.getByRole('link', { name: 'Podcast launch' })).toHaveAttribute('href', `/note/${noteId}`);
      // The raw citation is gone from the text: the number is the link.
      await expect(answer).not.toContainText('[1]');
      await checkAtEachViewport(page, 'ai-ask-answer', { include: 'main' });
    });

    await test.step('a question the notes do not answer gets the nothing-found answer and no sources', async () => {
      await askQuestion(page, 'Which car insurance did I choose?');
      await expect(answer).toContainText(NOTHING_FOUND);
      await expect(answer.getByRole('list', { name: 'Sources' })).toHaveCount(0);
      await expect(answer.getByRole('link')).toHaveCount(0);
      // The earlier question and its answer stay on screen.
      await expect(answers(page).getByText(MONEY_QUESTION)).toBeVisible();
    });

    await test.step("a failed turn shows the catalogue's message with Retry, which asks again", async () => {
      const tag = uniqueTag('ask');
      await scriptFake(request, { kind: 'empty', match: tag });
      await askQuestion(page, `What does the podcast cost? ${tag}`);
      await expect(answer).toContainText('Sorry, I encountered an error: No response generated.');
      await expectToast(page, 'AI Chat Failed');
      await answer.getByRole('button', { name: 'Retry' }).click();
      await expect(answer).toContainText('Your note "Podcast launch" says:');
      await expect(answer.getByRole('link', { name: 'Source 1: Podcast launch' })).toBeVisible();
    });

    await test.step('the citation opens the note', async () => {
      await answer.getByRole('link', { name: 'Source 1: Podcast launch' }).click();
      await expect(page).toHaveURL(new RegExp(`/note/${noteId}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Podcast launch' })).toBeVisible();
      await expect(page.getByText(PODCAST.content)).toBeVisible();
    });
  });

  test('/chat?ask=… asks at once, once', async ({ signedIn: page, account, request }) => {
    test.setTimeout(60_000);
    const noteId = await indexNotes(request, account);
    let asked = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/ai/ask') && sent.method() === 'POST') asked += 1;
    });
    await gotoAs(page, `/chat?ask=${encodeURIComponent(MONEY_QUESTION)}`);
    await expect(page.getByRole('tab', { name: 'Ask your notes' })).toHaveAttribute('aria-selected', 'true');
    const sources = answers(page).getByRole('list', { name: 'Sources' });
    await expect(sources.getByRole('link', { name: 'Podcast launch' })).toHaveAttribute('href', `/note/${noteId}`);
    await expect(page).toHaveURL(/\/chat\?mode=ask$/);
    await page.reload();
    await expect(page.getByLabel('Your question about your notes')).toBeVisible();
    expect(asked).toBe(1);

    await test.step("the palette's 'Ask' item asks the question typed there", async () => {
      await gotoAs(page, '/');
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await page.keyboard.type('What does the podcast cost?');
      await palette.getByRole('option', { name: /^Ask .*: “What does the podcast cost\?”/ }).click();
      await expect(page).toHaveURL(/\/chat\?mode=ask$/);
      await expect(answers(page).getByRole('list', { name: 'Sources' }).last()).toBeVisible();
      expect(asked).toBe(2);
    });
  });

  test('a plan being saved on /new gets tags suggested, the user’s own first, and is saved with the one chosen', async ({
    signedIn: page,
    account,
    request,
  }) => {
    await storeAiKey(request, account);
    await setAssistant(request, account, true);
    await seedNotes(request, account, [
      { title: 'Weekly routine', content: 'Mondays are for planning.', tags: ['calendar', 'travel'] },
    ]);
    await gotoAs(page, '/new');
    await page.getByLabel('Title').fill('Spanish lessons');
    await createPlan(page, `Learn Spanish before the summer ${uniqueTag()}`);
    const suggested = page.getByRole('group', { name: 'Suggested tags' });
    // The plan names the user's #calendar; 'spanish' is new, and said to be.
    await expect(suggested.getByRole('button')).toHaveText(['#calendar', '#spanish(new tag)']);
    await checkAtEachViewport(page, 'new-idea-suggested-tags', {
      include: '#idea-result',
      arrange: (shown) => suggested.scrollIntoViewIfNeeded().then(() => shown.mouse.move(0, 0)),
    });
    await suggested.getByRole('button', { name: '#calendar' }).click();
    await expect(suggested.getByRole('button', { name: '#calendar' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Save Note' }).click();
    const saved = await waitForServerNote(request, account, (note) => note.title === 'Spanish lessons');
    expect(saved.tags).toEqual(['calendar']);
  });

  test('with the setting off, Ask mode leads to Settings > AI instead of a question field', async ({
    signedIn: page,
    account,
    request,
  }) => {
    await storeAiKey(request, account);
    await gotoAs(page, '/chat?mode=ask');
    await expect(page.getByText('Ask your notes needs your permission to use them.')).toBeVisible();
    await expect(page.getByLabel('Your question about your notes')).toHaveCount(0);
    await checkAtEachViewport(page, 'ai-ask-off', { include: 'main' });
    await page.getByRole('link', { name: 'Open Settings > AI' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=ai$/);
    await expect(page.getByRole('switch', { name: 'Use my notes with the assistant' })).not.toBeChecked();
  });
});
