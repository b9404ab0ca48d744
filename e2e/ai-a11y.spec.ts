// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of the AI screens: /new at each of
// its three steps and /chat (start card and active chat), each flow run once, every state checked at
// 1280x800 and 390x844 (the page resized in place) and in both themes (switched in place); the failure
// and offline states at desktop size. `npm run screenshots` keeps screenshots in e2e/artifacts/screenshots/.
import { DEFAULT_PLAN_STEPS } from '../test/kit/fake-ai-provider-replies';
import { checkAtEachViewport, expectNoSeriousViolations, shoot } from './support/a11y';
import { messageLog, scriptFake, sendMessage, startChat, storeAiKey, uniqueTag } from './support/ai';
import { test, expect } from './support/fixtures';
import { goOfflineWhenIdle } from './support/network';
import { gotoAs } from './support/session';
import { dismissToasts } from './support/toasts';

test.use({ colorScheme: 'light' });

test('/new, each step', async ({ signedIn: page, account, request }) => {
  await storeAiKey(request, account);
  const tag = uniqueTag();
  await gotoAs(page, '/new');
  await expect(page.getByRole('status', { name: 'AI connection: Connected' })).toBeVisible();
  await page.getByLabel('Title').fill('Community garden');
  await page.getByLabel('Your idea').fill(`Start a community garden on the empty lot by the school ${tag}`);
  await page.getByRole('button', { name: 'Show Details' }).click();
  await checkAtEachViewport(page, 'ai-new-step1');

  await page.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(messageLog(page).getByText('What would success look like')).toBeVisible();
  await sendMessage(page, 'Twelve raised beds by May, run by volunteers');
  await expect(messageLog(page).getByText('What would success look like')).toHaveCount(2);
  await dismissToasts(page);
  await checkAtEachViewport(page, 'ai-new-step2');

  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('Plan created successfully!')).toBeVisible({ timeout: 15_000 });
  // The plan has typed in to its last step (shoot() also waits for the typing cursor to go).
  await expect(messageLog(page).getByText(DEFAULT_PLAN_STEPS.at(-1)!)).toBeVisible();
  await checkAtEachViewport(page, 'ai-new-step2-done', { scan: false });
  await page.getByRole('button', { name: 'View Action Steps' }).click();
  await page.getByRole('switch', { name: 'Enable Checklist' }).click();
  // Scrolled to the result at each size: a resize moves it.
  const scrollToResult = () => page.locator('#idea-result').scrollIntoViewIfNeeded();
  await checkAtEachViewport(page, 'ai-new-step3', { arrange: scrollToResult });
  await page.getByRole('tab', { name: 'Expanded Idea' }).click();
  await checkAtEachViewport(page, 'ai-new-step3-expanded');
});

test('/chat, start and active', async ({ signedIn: page, account, request }) => {
  await storeAiKey(request, account);
  await gotoAs(page, '/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Sprout' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'AI connection: Connected' })).toBeVisible();
  await checkAtEachViewport(page, 'ai-chat-start');

  await page.getByRole('button', { name: 'Learn a new skill' }).click();
  await expect(messageLog(page).getByText('What would success look like')).toBeVisible();
  await sendMessage(page, 'Watercolour painting, **one** picture a week:\n\n- landscapes\n- portraits');
  await expect(messageLog(page).getByText('What would success look like')).toHaveCount(2);
  await checkAtEachViewport(page, 'ai-chat-active');
});

test('failure and offline states pass the scan too', async ({
  signedIn: page,
  account,
  request,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  await storeAiKey(request, account);
  const tag = uniqueTag();
  await scriptFake(
    request,
    { kind: 'text', match: tag, deltas: ['A partial ', 'reply that ', 'breaks'], cutAfterChunks: 2 },
    { kind: 'error', status: 401, match: tag },
  );
  await gotoAs(page, '/chat');
  await startChat(page, `Failures ${tag}`);
  await expect(messageLog(page).getByText('Incomplete', { exact: true })).toBeVisible();
  await sendMessage(page, 'Again');
  await expect(messageLog(page).getByRole('link', { name: 'Check your API key' })).toBeVisible();
  await goOfflineWhenIdle(page);
  await expect(page.getByText("You're offline. The assistant needs a connection.")).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousViolations(page);
  await shoot(page, 'ai-chat-failures-desktop-light');
  await context.setOffline(false);
});
